// Aggiornamenti della piattaforma per gli iscritti, dal più recente, italiano. Le voci qui sotto
// sono ESEMPI, marcati `placeholder: true` perché la pagina li segnali; l'operatore li sostituisce.
import type { NewsEntry } from '../types.ts';

export const news: readonly NewsEntry[] = [
  {
    id: 'example-feature',
    date: '2026-11-01',
    title: 'Esempio: una nuova funzione sulla piattaforma',
    paragraphs: [
      'Questa è una notizia di esempio. Qui troverai gli annunci delle nuove funzioni, con cosa cambia per gli iscritti e come usarle.',
    ],
    placeholder: true,
  },
  {
    id: 'example-campaigns',
    date: '2026-10-15',
    title: 'Esempio: le prossime campagne',
    paragraphs: [
      'Questa è una notizia di esempio. Quando le campagne saranno in calendario, qui ne annunceremo le date di apertura.',
    ],
    placeholder: true,
  },
  {
    id: 'example-terms',
    date: '2026-10-01',
    title: 'Esempio: modifiche alle nostre condizioni',
    paragraphs: [
      "Questa è una notizia di esempio. Qui riassumeremo ogni modifica ai termini di servizio o all'informativa sulla privacy, con il link al testo completo.",
    ],
    placeholder: true,
  },
];
