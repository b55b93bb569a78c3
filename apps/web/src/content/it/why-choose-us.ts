// Schede "Perché sceglierci" della home, italiano. Le prime tre occupano un terzo di riga, le altre
// metà: dopo le prime tre conviene quindi un numero pari di schede.
import type { FeatureCard } from '../types.ts';

export const whyChooseUs: readonly FeatureCard[] = [
  {
    id: 'clear-terms',
    title: 'Condizioni chiare, da subito',
    text: 'Commissioni, quota di ricavi per gli investitori e modalità di calcolo dei ricavi netti sono indicate in ogni campagna prima che tu investa.',
    iconSeed: 'card-clear-terms',
  },
  {
    id: 'all-or-nothing',
    title: 'Raccolta "tutto o niente"',
    text: "Un gioco viene finanziato solo se raggiunge l'obiettivo. Altrimenti ogni investitore riceve indietro il proprio denaro.",
    iconSeed: 'card-all-or-nothing',
  },
  {
    id: 'reviewed',
    title: 'Pitch valutati da persone',
    text: 'Ogni progetto viene valutato dal nostro team e da consulenti esterni prima di poter raccogliere fondi.',
    iconSeed: 'card-reviewed',
  },
  {
    id: 'services',
    title: 'Non solo fondi',
    text: "Gli studi finanziati ricevono mentoring, marketing, assistenza legale, supporto HR, back office, distribuzione e publishing per arrivare all'uscita.",
    iconSeed: 'card-services',
  },
  {
    id: 'community',
    title: 'Costruito con la community',
    text: 'Giocatori, sviluppatori e investitori si incontrano nella nostra chat, e la demo con denaro virtuale permette a chiunque di capire come funziona prima di investire.',
    iconSeed: 'card-community',
  },
];
