// Blocco "Perché unirti" della home, italiano: un testo per i visitatori, uno per chi ha un account.
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { WhyJoin } from '../types.ts';

export const whyJoin: WhyJoin = {
  loggedOut: {
    title: 'Perché unirti a IndieSplit',
    paragraphs: [
      "IndieSplit mette in contatto chi crea giochi indipendenti con chi li gioca e vuole sostenerli. Gli studi raccolgono fondi e ricevono il supporto necessario per arrivare all'uscita; gli investitori partecipano ai ricavi dei giochi in cui credono.",
    ],
    points: [
      `Sostieni i giochi indie che ti stanno a cuore e partecipa ai loro ricavi netti per ${REVENUE_SHARE_TERM_MONTHS} mesi dall'uscita.`,
      'Campagne "tutto o niente": se l\'obiettivo non viene raggiunto, tutti ricevono indietro il proprio denaro.',
      'Condizioni chiare: commissioni e quota di ricavi per gli investitori sono indicate in ogni campagna prima che tu ti impegni.',
      'Una community di giocatori, sviluppatori e investitori, aperta a chiunque abbia un account.',
    ],
  },
  loggedIn: {
    title: 'Sfrutta al meglio il tuo account',
    paragraphs: ['Grazie di far parte di IndieSplit. Ecco cosa puoi fare adesso.'],
    points: [
      "Verifica il tuo indirizzo email, se non l'hai ancora fatto: alcune funzioni restano bloccate finché non lo confermi.",
      'Completa il tuo profilo e scegli dalle preferenze quali aggiornamenti ricevere.',
      'Partecipa alla conversazione con giocatori, sviluppatori e team nella chat della community.',
      'Prova la demo con denaro virtuale per capire come funzionano campagne e pagamenti prima di investire.',
      'Stai sviluppando un gioco? Inviaci il tuo pitch.',
    ],
  },
};
