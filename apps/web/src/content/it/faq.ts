// FAQ della home, italiano. Stesse domande, nello stesso ordine, del file inglese.
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import type { Faq } from '../types.ts';

export const faq: Faq = {
  title: 'Domande frequenti',
  items: [
    {
      id: 'revenue-share',
      title: 'Come funziona la partecipazione ai ricavi?',
      content: [
        'Quando investi in una campagna non acquisti quote dello studio: acquisisci il diritto a una parte dei ricavi netti del gioco. Prima che tu investa, la pagina di ogni campagna indica quanto è grande questa parte e come vengono calcolati i ricavi netti.',
        "Dopo l'uscita del gioco, questa parte dei ricavi netti viene ripartita tra IndieSplit e gli investitori, e la quota degli investitori viene divisa in proporzione a quanto ha investito ciascuno: se hai apportato il 2% della raccolta, ricevi il 2% di quella quota.",
        "I pagamenti dipendono interamente dalle vendite del gioco. Se incassa poco, ricevi poco; se non incassa nulla, non c'è nulla da distribuire.",
      ],
    },
    {
      id: 'term',
      title: 'Quanto dura la partecipazione ai ricavi?',
      content: [
        `${REVENUE_SHARE_TERM_MONTHS} mesi (tre anni) a partire dalla data di uscita del gioco, non dal giorno in cui investi. Tra la chiusura della campagna e l'uscita possono passare mesi di sviluppo in cui non viene pagato nulla; se l'uscita slitta, anche i pagamenti iniziano più tardi.`,
        `Trascorsi i ${REVENUE_SHARE_TERM_MONTHS} mesi l'accordo termina e non sono dovuti altri pagamenti. Non è previsto un rimborso separato della somma investita: tutto ciò che ricevi arriva dalla partecipazione ai ricavi in quei ${REVENUE_SHARE_TERM_MONTHS} mesi.`,
      ],
    },
    {
      id: 'all-or-nothing',
      title: "Cosa succede se una campagna non raggiunge l'obiettivo?",
      content: [
        'Le campagne funzionano secondo il modello "tutto o niente". Ognuna ha un obiettivo di raccolta e una scadenza fissati in anticipo. Se l\'obiettivo non viene raggiunto entro la scadenza, la campagna si chiude senza finanziamento e ogni investitore riceve indietro il proprio denaro.',
        "Se l'obiettivo viene raggiunto, i fondi vanno al progetto e si attivano i servizi di IndieSplit per gli sviluppatori: mentoring, marketing, assistenza legale, supporto HR, back office, distribuzione e publishing.",
      ],
    },
    {
      id: 'risks',
      title: 'Quali sono i rischi?',
      content: [
        'Investire nei videogiochi comporta un rischio elevato. Un gioco può subire ritardi, non uscire mai o vendere molto meno del previsto: potresti perdere tutto il denaro investito e non ottenere alcun rendimento.',
        'I risultati di altri giochi, o dei giochi precedenti dello stesso studio, non sono un indicatore affidabile dei risultati futuri. Nulla su IndieSplit costituisce una promessa o una previsione di rendimento.',
        `Il tuo investimento non è un deposito bancario e non è coperto da sistemi di garanzia dei depositi né da sistemi di indennizzo degli investitori. Potrebbe essere difficile o impossibile venderlo o cederlo prima della fine dei ${REVENUE_SHARE_TERM_MONTHS} mesi. Investi solo denaro che puoi permetterti di perdere e distribuiscilo su più progetti invece di puntare tutto su uno solo.`,
      ],
    },
    {
      id: 'who-can-invest',
      title: 'Chi può investire?',
      content: [
        "Serve un account IndieSplit con l'indirizzo email verificato ed è necessario essere maggiorenni. In base al Paese in cui vivi e alla campagna, possono essere previsti controlli d'identità e limiti di investimento: la pagina della campagna ti indica quali prima che tu investa.",
        'Giocatori, sviluppatori e investitori sono tutti benvenuti: al momento della registrazione puoi scegliere uno o più profili.',
      ],
    },
    {
      id: 'fees',
      title: 'Quali commissioni si pagano?',
      content: [
        "Le commissioni possono variare da una campagna all'altra, per questo qui non indichiamo una cifra unica. La pagina di ogni campagna mostra le commissioni a carico degli investitori e la quota di ricavi trattenuta da IndieSplit, e le ritrovi prima di confermare l'investimento.",
      ],
    },
    {
      id: 'pitch',
      title: 'Sono uno sviluppatore: come presento il mio gioco?',
      content: [
        'Accedi e apri il modulo per il pitch. Raccontaci di te o del tuo studio, poi del gioco: budget di produzione, finanziamento necessario, piattaforme, data di uscita prevista, servizi che ti interessano e un pitch deck in PDF. Un trailer o una demo giocabile aiutano, ma non sono obbligatori.',
        'Il nostro team valuta ogni pitch insieme a consulenti esterni e ti contatta se il progetto è adatto a una campagna. Se preferisci parlarne prima, puoi chiederci di richiamarti prima di inviare il pitch completo.',
      ],
    },
    {
      id: 'demo',
      title: 'Posso provare IndieSplit con denaro virtuale?',
      content: [
        'Sì. La demo usa solo denaro virtuale: puoi esplorare le campagne, simulare investimenti e vedere come vengono calcolati i pagamenti della partecipazione ai ricavi, senza spendere nulla.',
        "I numeri della demo sono simulati e servono a capire come funziona la piattaforma: non sono una previsione dell'andamento di un gioco reale.",
      ],
    },
  ],
};
