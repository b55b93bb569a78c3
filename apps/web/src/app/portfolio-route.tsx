import PortfolioPage from '../features/investing/portfolio-page.tsx';
import { RevenueSection } from '../features/payouts/revenue-section.tsx';

/**
 * The portfolio screen: the investing feature's page with the payouts feature's revenue-share
 * section in it. Composed here, in the app, so that the two features do not import each other.
 */
export default function PortfolioRoute() {
  return <PortfolioPage revenue={<RevenueSection />} />;
}
