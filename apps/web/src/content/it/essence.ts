// Schede visione e missione della pagina Chi siamo, italiano. I link ai documenti sono SEGNAPOSTO
// su un dominio di esempio riservato: l'operatore li sostituisce con i documenti pubblicati.
import type { EssenceCard } from '../types.ts';

export const essence: readonly EssenceCard[] = [
  {
    id: 'vision',
    title: 'La nostra visione',
    text: "Un'industria dei videogiochi in cui gli studi indipendenti possano finanziare e pubblicare i propri giochi insieme a chi li gioca, e in cui queste persone partecipino al loro successo.",
    documentUrl: 'https://indiesplit.example/documenti/visione',
  },
  {
    id: 'mission',
    title: 'La nostra missione',
    text: 'Dare agli sviluppatori indie accesso a finanziamenti e servizi professionali con campagne trasparenti, "tutto o niente" e a partecipazione ai ricavi, e offrire a giocatori e investitori un modo chiaro ed equo per sostenerli.',
    documentUrl: 'https://indiesplit.example/documenti/missione',
  },
];
