// SEGNAPOSTO: nomi, immagini e link alle presentazioni qui sotto sostituiscono il team reale finché
// l'operatore non li aggiorna (qui e nel file inglese). Le descrizioni parlano del ruolo, non della
// persona. Le immagini sono generate da `seed`; per usare una foto, impostare `src` su un file locale.
import { siteConfig } from '../../app/site-config.ts';
import type { StaffMember, TeamHead } from '../types.ts';

const presentation = siteConfig.social.instagram;

export const teamHeads: readonly TeamHead[] = [
  {
    id: 'ceo',
    displayTitle: 'CEO',
    name: 'Nome Cognome — CEO',
    role: 'Amministratore delegato',
    description:
      "Definisce la strategia di IndieSplit e guida l'azienda: partnership, rapporti con studi e investitori, scelte sui tipi di progetto che la piattaforma sostiene.",
    image: { seed: 'team-ceo', alt: 'Ritratto segnaposto: CEO' },
    reelUrl: presentation,
  },
  {
    id: 'coo',
    displayTitle: 'COO',
    name: 'Nome Cognome — COO',
    role: 'Direttore operativo',
    description:
      "Gestisce l'operatività quotidiana: come vengono preparate e seguite le campagne, e come i servizi per gli sviluppatori e il back office supportano gli studi finanziati.",
    image: { seed: 'team-coo', alt: 'Ritratto segnaposto: COO' },
    reelUrl: presentation,
  },
  {
    id: 'cto',
    displayTitle: 'CTO',
    name: 'Nome Cognome — CTO',
    role: 'Direttore tecnico',
    description:
      'Guida la tecnologia della piattaforma: sviluppo del prodotto, sicurezza e sistemi che registrano investimenti e pagamenti.',
    image: { seed: 'team-cto', alt: 'Ritratto segnaposto: CTO' },
    reelUrl: presentation,
  },
  {
    id: 'cmo',
    displayTitle: 'CMO',
    name: 'Nome Cognome — CMO',
    role: 'Direttore marketing',
    description:
      'Guida brand, comunicazione e community, oltre al supporto marketing offerto ai giochi finanziati su IndieSplit.',
    image: { seed: 'team-cmo', alt: 'Ritratto segnaposto: CMO' },
    reelUrl: presentation,
  },
  {
    id: 'clo',
    displayTitle: 'CLO',
    name: 'Nome Cognome — CLO',
    role: 'Direttore legale',
    description:
      'Segue gli aspetti legali e la conformità normativa: condizioni delle campagne, informazioni fornite agli investitori e assistenza legale agli studi.',
    image: { seed: 'team-clo', alt: 'Ritratto segnaposto: CLO' },
    reelUrl: presentation,
  },
];

export const advisorsAndStaff: readonly StaffMember[] = [
  {
    id: 'marketing-manager',
    name: 'Nome Cognome — Marketing',
    role: 'Marketing manager',
    image: { seed: 'staff-marketing', alt: 'Ritratto segnaposto: marketing manager' },
  },
  {
    id: 'press-office-manager',
    name: 'Nome Cognome — Ufficio stampa',
    role: 'Responsabile ufficio stampa',
    image: { seed: 'staff-press', alt: 'Ritratto segnaposto: responsabile ufficio stampa' },
  },
  {
    id: 'product-ux-designer',
    name: 'Nome Cognome — Product design',
    role: 'Product / UX designer',
    image: { seed: 'staff-ux', alt: 'Ritratto segnaposto: product e UX designer' },
  },
  {
    id: 'frontend-developer',
    name: 'Nome Cognome — Frontend',
    role: 'Sviluppatore frontend',
    image: { seed: 'staff-frontend', alt: 'Ritratto segnaposto: sviluppatore frontend' },
  },
  {
    id: 'brand-ui-designer',
    name: 'Nome Cognome — Brand design',
    role: 'Brand / UI designer',
    image: { seed: 'staff-brand', alt: 'Ritratto segnaposto: brand e UI designer' },
  },
];
