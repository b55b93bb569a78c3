// Sezione "Come funziona" della home, italiano.
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { BusinessModel } from '../types.ts';

export const businessModel: BusinessModel = {
  title: 'Come funziona IndieSplit',
  intro:
    "Un solo modello, le stesse regole per tutti: gli studi raccolgono fondi e ricevono aiuto per arrivare all'uscita, gli investitori partecipano ai ricavi del gioco.",
  steps: [
    {
      id: 'pitch',
      title: 'Pitch e valutazione',
      text: 'Gli sviluppatori ci inviano il loro pitch. Il nostro team e alcuni consulenti esterni lo valutano, e solo i progetti selezionati arrivano a una campagna. Essere selezionati non garantisce il successo di un gioco.',
    },
    {
      id: 'campaign',
      title: 'Campagna "tutto o niente"',
      text: "Ogni campagna ha un obiettivo di raccolta e una scadenza. Se l'obiettivo non viene raggiunto in tempo, tutti gli investitori vengono rimborsati.",
    },
    {
      id: 'services',
      title: 'Servizi per gli sviluppatori',
      text: "Quando una campagna raggiunge l'obiettivo, lo studio riceve i fondi e i nostri servizi: mentoring, marketing, assistenza legale, supporto HR, back office, distribuzione e publishing.",
    },
    {
      id: 'revenue',
      title: `Ricavi condivisi per ${REVENUE_SHARE_TERM_MONTHS} mesi`,
      text: `Per ${REVENUE_SHARE_TERM_MONTHS} mesi dall'uscita, una parte dei ricavi netti del gioco viene ripartita tra IndieSplit e gli investitori, in proporzione a quanto ha investito ciascuno.`,
    },
  ],
  riskNote:
    'Investire nei videogiochi comporta un rischio elevato: potresti perdere tutto il denaro investito e non ottenere alcun rendimento. I pagamenti dipendono solo dai ricavi effettivi del gioco. Investi solo ciò che puoi permetterti di perdere.',
};
