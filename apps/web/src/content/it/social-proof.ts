// SEGNAPOSTO: sostenitori e articoli di stampa sono esempi finché l'operatore non li sostituisce con
// persone e articoli reali. Mai attribuire parole a persone o testate reali: usare solo citazioni
// effettivamente pubblicate o approvate.
import type { Endorser, PressItem } from '../types.ts';

export const endorsers: readonly Endorser[] = [
  {
    id: 'endorser-1',
    name: 'Nome Cognome',
    title: 'Ruolo, organizzazione',
    image: { seed: 'endorser-1', alt: 'Ritratto segnaposto del primo sostenitore' },
  },
  {
    id: 'endorser-2',
    name: 'Nome Cognome',
    title: 'Ruolo, organizzazione',
    image: { seed: 'endorser-2', alt: 'Ritratto segnaposto del secondo sostenitore' },
  },
];

export const press: readonly PressItem[] = [
  {
    id: 'press-1',
    name: 'Nome testata',
    citation: 'Segnaposto: qui va un breve estratto di un articolo pubblicato su IndieSplit.',
    url: 'https://press-one.example',
    logo: { seed: 'press-1', alt: 'Logo segnaposto della prima testata' },
  },
  {
    id: 'press-2',
    name: 'Nome testata',
    citation: "Segnaposto: qui va un estratto di un secondo articolo, con il link all'originale.",
    url: 'https://press-two.example',
    logo: { seed: 'press-2', alt: 'Logo segnaposto della seconda testata' },
  },
];
