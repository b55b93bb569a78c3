import { Navigate, useParams } from 'react-router';
import { InvestmentsSection, KeyInformationDocuments } from '../features/investing/investments-section.tsx';
import PortfolioPage, { isPortfolioSection } from '../features/investing/portfolio-page.tsx';
import { WalletSection } from '../features/investing/wallet-section.tsx';
import { RevenueSection, StatementDocuments } from '../features/payouts/revenue-section.tsx';
import { paths } from './paths.ts';

/**
 * The portfolio screen, one section per address: /portfolio (investments), /portfolio/wallet,
 * /portfolio/payouts, /portfolio/documents. Composed here, in the app, so that the investing and
 * payouts features do not import each other's screens.
 */
export default function PortfolioRoute() {
  const { section = 'investments' } = useParams();
  if (!isPortfolioSection(section)) return <Navigate to={paths.portfolio} replace />;
  return (
    <PortfolioPage section={section}>
      {section === 'investments' && <InvestmentsSection />}
      {section === 'wallet' && <WalletSection />}
      {section === 'payouts' && <RevenueSection />}
      {section === 'documents' && (
        <>
          <KeyInformationDocuments />
          <StatementDocuments />
        </>
      )}
    </PortfolioPage>
  );
}
