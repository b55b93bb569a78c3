import type { Language } from '@indiesplit/shared/messages';

// The key investment information sheet's words in English and Italian (ADR 0028). The warnings
// marked "verbatim" are the texts of Regulation (EU) 2020/1503 in each language's Official Journal
// version and must not be reworded: Article 23(6)(b) (the disclaimer under the title), Article
// 23(6)(c) (the risk warning), Article 22(2)-(3) (the pre-contractual reflection period) and Annex
// I Part A(b) (the responsibility statement); ADR 0028 says which were checked against a copy and
// asks for a word-by-word comparison with EUR-Lex (CELEX 32020R1503) before real money.
// Placeholders are {name}; every value is filled in by key-information.ts from the campaign's
// data. In Italian a percentage takes its article from how
// the number is read ("il 10%", "l’8%"): {theShare}, {thePlatform} and {theNet} carry it.

export interface KeyInformationText {
  title: string;
  demoTitle: string;
  warnings: {
    disclaimerTitle: string;
    /** verbatim, Art. 23(6)(b) */
    disclaimer: string;
    riskTitle: string;
    /** verbatim, Art. 23(6)(c) */
    risk: string;
    reflectionTitle: string;
    /** verbatim, Art. 22(2) second subparagraph and (3) */
    reflection: string;
    responsibilityTitle: string;
    /** verbatim, Annex I Part A(b) */
    responsibility: string;
  };
  sections: {
    owner: string;
    offer: string;
    risks: string;
    instrument: string;
    rights: string;
    fees: string;
  };
  owner: {
    legalName: string;
    legalForm: string;
    registration: string;
    country: string;
    address: string;
    contact: string;
    people: string;
    statement: string;
    statementSigned: string;
    statementMissing: string;
    project: string;
    description: string;
    useOfFunds: string;
    missing: string;
  };
  offer: {
    type: string;
    typeValue: string;
    money: string;
    realMoney: string;
    demoMoney: string;
    goal: string;
    max: string;
    minTicket: string;
    period: string;
    periodValue: string;
    allOrNothing: string;
    allOrNothingValue: string;
    services: string;
    noServices: string;
    service: Record<string, string>;
  };
  risks: {
    project: string;
    projectValue: string;
    studioRisks: string;
    noReturn: string;
    noReturnValue: string;
    liquidity: string;
    liquidityValue: string;
    default: string;
    defaultValue: string;
  };
  instrument: {
    receive: string;
    receiveValue: string;
    pool: string;
    poolValue: string;
    platformShare: string;
    platformShareValue: string;
    netShare: string;
    netShareValue: string;
    example: string;
    exampleValue: string;
    term: string;
    termValue: string;
    frequency: string;
    frequencyValue: string;
    sale: string;
    saleValue: string;
    end: string;
    endValue: string;
  };
  rights: {
    reflection: string;
    reflectionDays: string;
    reflectionMinutes: string;
    refund: string;
    refundValue: string;
    information: string;
    informationValue: string;
    sheet: string;
    sheetValue: string;
  };
  fees: {
    invest: string;
    investValue: string;
    payouts: string;
    payoutsValue: string;
    netShare: string;
    studio: string;
    studioValue: string;
    /** The same when the platform keeps a fee on the money raised ({fee}). */
    studioValueWithFee: string;
    wallet: string;
    walletValue: string;
    complaints: string;
    complaintsValue: string;
    conflicts: string;
    conflictsValue: string;
    redress: string;
    redressValue: string;
  };
  virtual: string;
  utc: string;
}

const en: KeyInformationText = {
  title: 'Key investment information sheet',
  demoTitle: 'Key investment information sheet – DEMO: virtual money, nothing real is invested',
  warnings: {
    disclaimerTitle: 'Disclaimer',
    disclaimer:
      'This crowdfunding offer has been neither verified nor approved by competent authorities or ESMA. The appropriateness of your education and knowledge have not necessarily been assessed before you were granted access to this investment. By making this investment, you assume full risk of taking this investment, including the risk of partial or entire loss of money invested.',
    riskTitle: 'Risk warning',
    risk: 'Investment in this crowdfunding project entails risks, including the risk of partial or entire loss of the money invested. Your investment is not covered by the deposit guarantee schemes established in accordance with Directive 2014/49/EU of the European Parliament and of the Council. Your investment is also not covered by the investor compensation schemes established in accordance with Directive 97/9/EC of the European Parliament and of the Council. You may not receive any return on your investment. This is not a savings product and we advise you not to invest more than 10 % of your net worth in crowdfunding projects. You may not be able to sell the investment instruments when you wish. If you are able to sell them, you may nonetheless suffer losses.',
    reflectionTitle: 'Pre-contractual reflection period',
    reflection:
      'The pre-contractual reflection period shall start at the moment when the offer to invest or expression of interest is made by the prospective non-sophisticated investor and shall expire after four calendar days. During the reflection period, the prospective non-sophisticated investor may revoke the offer to invest or expression of interest in the crowdfunding offer without giving a reason and without incurring a penalty.',
    responsibilityTitle: 'Responsibility statement',
    responsibility:
      'The project owner declares that, to the best of its knowledge, no information has been omitted or is materially misleading or inaccurate. The project owner is responsible for the preparation of this key investment information sheet.',
  },
  sections: {
    owner: 'A. The project owner and the project',
    offer: 'B. The crowdfunding process and its conditions',
    risks: 'C. Risk factors',
    instrument: 'D. What you receive: the revenue share',
    rights: 'E. Your rights as an investor',
    fees: 'F. Fees, information and legal redress',
  },
  owner: {
    legalName: 'Project owner (legal name)',
    legalForm: 'Legal form',
    registration: 'Registration number',
    country: 'Country',
    address: 'Registered address',
    contact: 'Contact',
    people: 'People responsible for this sheet',
    statement: 'Responsibility statement',
    statementSigned: 'Signed by the project owner',
    statementMissing: 'Not signed yet',
    project: 'The project',
    description: 'Description',
    useOfFunds: 'Use of the funds raised',
    missing: 'Not provided yet',
  },
  offer: {
    type: 'Type of offer',
    typeValue:
      'A right to a share of the game’s net revenue (revenue share), offered by the project owner through IndieSplit',
    money: 'Money',
    realMoney: 'Euros (real money)',
    demoMoney: 'Virtual money (demo): nothing real is invested, paid or earned',
    goal: 'Funding goal (minimum to raise)',
    max: 'Maximum offer amount',
    minTicket: 'Minimum investment',
    period: 'Offer period',
    periodValue: 'From {start} to {end}',
    allOrNothing: 'If the goal is not reached by the deadline',
    allOrNothingValue:
      'The offer fails and every investor gets the full amount back; nothing is transferred to the project owner.',
    services: 'Services the project owner receives if funded',
    noServices: 'None',
    service: {
      mentoring: 'Mentoring',
      marketing: 'Marketing',
      legal: 'Legal',
      hr: 'Human resources',
      back_office: 'Back office',
      distribution: 'Distribution',
      publishing: 'Publishing',
    },
  },
  risks: {
    project: 'Project risk',
    projectValue:
      'The game may be late, may never be released or may sell poorly. Investors are paid only out of the revenue the game actually earns.',
    studioRisks: 'Risks described by the project owner',
    noReturn: 'No guaranteed return',
    noReturnValue:
      'The amount invested is not repaid: the only return is the revenue share during the term, which may be less than the amount invested or nothing.',
    liquidity: 'Liquidity',
    liquidityValue: 'The right to the revenue share cannot be sold or transferred on the platform.',
    default: 'Default of the project owner',
    defaultValue:
      'If the project owner stops reporting or paying, or becomes insolvent, payouts stop; there is no guarantee or collateral.',
  },
  instrument: {
    receive: 'What you receive',
    receiveValue:
      'A share of the payouts, in proportion to the amount you invested compared with the total raised. It is neither a share of the company nor a loan.',
    pool: 'How each payout is computed',
    poolValue:
      'Net revenue = gross sales − store fees − refunds − taxes. Each period, {share} of the net revenue forms the pool; a loss in one period is carried into the next pool.',
    platformShare: 'The platform’s share',
    platformShareValue: 'IndieSplit keeps {platform} of each pool before it is paid out.',
    netShare: 'What investors receive in all',
    netShareValue:
      'Investors share {share} of net revenue; the platform keeps {platform} of each pool; investors receive {net} of net revenue.',
    example: 'Example',
    exampleValue:
      'Of {netRevenue} of net revenue: the pool is {pool}, the platform keeps {platform}, the investors share {investors}.',
    term: 'Term',
    termValue: '{months} months from the game’s launch.',
    frequency: 'Payout frequency',
    frequencyValue:
      'The project owner reports the revenue of each calendar month or quarter within 15 days of its end. Once IndieSplit has verified the report and the project owner has paid the pool in, it is paid into the investors’ wallets.',
    sale: 'If the game or the project owner is sold',
    saleValue:
      'The obligation to report and pay the revenue share stays with the game for the whole term: a buyer of the game or of the project owner takes it over. Investors receive no part of the sale price.',
    end: 'End of the term',
    endValue:
      'After the report of the term’s last month, the campaign is completed and no further payment is due. The amount invested is not repaid.',
  },
  rights: {
    reflection: 'Revoking your investment',
    reflectionDays:
      'You can revoke your investment within {count} days of making it, without giving a reason and without any penalty; the full amount returns to your wallet.',
    reflectionMinutes:
      'In this demo you can revoke your investment within {count} minutes of making it (demo clock), without giving a reason.',
    refund: 'If the offer fails or is cancelled',
    refundValue: 'Every investment is refunded in full to the investor’s wallet.',
    information: 'Information during the term',
    informationValue:
      'Your portfolio shows every verified revenue report, your payouts and yearly statements; the campaign page shows the campaign’s progress.',
    sheet: 'This sheet',
    sheetValue: 'Available in English and Italian, on the campaign page and as a PDF.',
  },
  fees: {
    invest: 'Fees for investing',
    investValue: 'None: the whole amount you invest goes to the campaign.',
    payouts: 'Costs on payouts',
    payoutsValue:
      'The platform’s share: {platform} of every revenue pool, kept by IndieSplit before the rest is paid to the investors.',
    netShare: 'Your net share',
    studio: 'Fees borne by the project owner',
    studioValue:
      'The project owner pays {share} of its net revenue into the pools; the platform’s share is taken from those pools. The project owner pays no other fee on the funds raised.',
    studioValueWithFee:
      'The project owner pays {share} of its net revenue into the pools; the platform’s share is taken from those pools. When the campaign is funded, IndieSplit keeps a fee of {fee} of the funds raised before paying them to the project owner; this fee is not taken from the investors.',
    wallet: 'Deposits and withdrawals',
    walletValue: 'No fee from IndieSplit; your own bank may charge for transfers.',
    complaints: 'Complaints',
    complaintsValue: 'How to file a complaint and how it is handled',
    conflicts: 'Conflicts of interest',
    conflictsValue: 'IndieSplit’s conflicts-of-interest policy',
    redress: 'Legal redress',
    redressValue:
      'If a complaint is not resolved to your satisfaction, you may turn to the competent national authority or to the courts.',
  },
  virtual: '{amount} (virtual)',
  utc: 'UTC',
};

const it: KeyInformationText = {
  title: 'Scheda contenente le informazioni chiave sull’investimento',
  demoTitle:
    'Scheda contenente le informazioni chiave sull’investimento – DEMO: denaro virtuale, non si investe nulla di reale',
  warnings: {
    disclaimerTitle: 'Avvertenza',
    disclaimer:
      'La presente offerta di crowdfunding non è stata verificata né approvata dalle autorità competenti o dall’ESMA. L’adeguatezza della sua formazione e delle sue conoscenze non è stata necessariamente valutata prima che le fosse concesso l’accesso a questo investimento. Effettuando il presente investimento, lei si assume il pieno rischio di tale investimento, incluso il rischio di perdita parziale o totale del denaro investito.',
    riskTitle: 'Avvertenza sui rischi',
    risk: 'L’investimento nel presente progetto di crowdfunding comporta rischi, compreso il rischio di perdita parziale o totale del denaro investito. Il suo investimento non è coperto dai sistemi di garanzia dei depositi istituiti in conformità della direttiva 2014/49/UE del Parlamento europeo e del Consiglio. Il suo investimento non è coperto neppure dai sistemi di indennizzo degli investitori istituiti in conformità della direttiva 97/9/CE del Parlamento europeo e del Consiglio. Potrebbe non ricevere alcun rendimento sul suo investimento. Non si tratta di un prodotto di risparmio e le consigliamo di non investire più del 10 % del suo patrimonio netto in progetti di crowdfunding. Potrebbe non essere in grado di vendere gli strumenti di investimento quando lo desidera. Anche se è in grado di venderli, potrebbe comunque subire perdite.',
    reflectionTitle: 'Periodo di riflessione precontrattuale',
    reflection:
      'Il periodo di riflessione precontrattuale inizia nel momento in cui l’offerta di investimento o la manifestazione di interesse è effettuata dall’investitore non sofisticato potenziale e scade dopo quattro giorni di calendario. Durante il periodo di riflessione, l’investitore non sofisticato potenziale può revocare l’offerta di investimento o la manifestazione di interesse nell’offerta di crowdfunding senza dover fornire una motivazione e senza incorrere in penali.',
    responsibilityTitle: 'Dichiarazione di responsabilità',
    responsibility:
      'Il titolare del progetto dichiara che, per quanto a sua conoscenza, nessuna informazione è stata omessa o è sostanzialmente fuorviante o inesatta. Il titolare del progetto è responsabile della preparazione della presente scheda contenente le informazioni chiave sull’investimento.',
  },
  sections: {
    owner: 'A. Il titolare del progetto e il progetto',
    offer: 'B. Il processo di crowdfunding e le sue condizioni',
    risks: 'C. Fattori di rischio',
    instrument: 'D. Che cosa si riceve: la quota dei ricavi',
    rights: 'E. I diritti dell’investitore',
    fees: 'F. Commissioni, informazioni e mezzi di ricorso',
  },
  owner: {
    legalName: 'Titolare del progetto (denominazione legale)',
    legalForm: 'Forma giuridica',
    registration: 'Numero di registrazione',
    country: 'Paese',
    address: 'Sede legale',
    contact: 'Contatto',
    people: 'Persone responsabili della scheda',
    statement: 'Dichiarazione di responsabilità',
    statementSigned: 'Firmata dal titolare del progetto',
    statementMissing: 'Non ancora firmata',
    project: 'Il progetto',
    description: 'Descrizione',
    useOfFunds: 'Uso dei fondi raccolti',
    missing: 'Non ancora indicato',
  },
  offer: {
    type: 'Tipo di offerta',
    typeValue:
      'Un diritto a una quota dei ricavi netti del gioco (revenue share), offerto dal titolare del progetto tramite IndieSplit',
    money: 'Denaro',
    realMoney: 'Euro (denaro reale)',
    demoMoney: 'Denaro virtuale (demo): non si investe, non si paga e non si guadagna nulla di reale',
    goal: 'Obiettivo di raccolta (minimo da raccogliere)',
    max: 'Importo massimo dell’offerta',
    minTicket: 'Investimento minimo',
    period: 'Periodo dell’offerta',
    periodValue: 'Dal {start} al {end}',
    allOrNothing: 'Se l’obiettivo non è raggiunto entro la scadenza',
    allOrNothingValue:
      'L’offerta non va a buon fine e ogni investitore riceve indietro l’intero importo; nulla è trasferito al titolare del progetto.',
    services: 'Servizi che il titolare del progetto riceve se finanziato',
    noServices: 'Nessuno',
    service: {
      mentoring: 'Mentoring',
      marketing: 'Marketing',
      legal: 'Legale',
      hr: 'Risorse umane',
      back_office: 'Back office',
      distribution: 'Distribuzione',
      publishing: 'Pubblicazione',
    },
  },
  risks: {
    project: 'Rischio del progetto',
    projectValue:
      'Il gioco può uscire in ritardo, non uscire mai o vendere poco. Gli investitori sono pagati solo con i ricavi che il gioco ottiene davvero.',
    studioRisks: 'Rischi descritti dal titolare del progetto',
    noReturn: 'Nessun rendimento garantito',
    noReturnValue:
      'L’importo investito non viene rimborsato: l’unico rendimento è la quota dei ricavi durante il periodo, che può essere inferiore all’importo investito o nulla.',
    liquidity: 'Liquidità',
    liquidityValue:
      'Il diritto alla quota dei ricavi non può essere venduto né trasferito sulla piattaforma.',
    default: 'Inadempimento del titolare del progetto',
    defaultValue:
      'Se il titolare del progetto smette di rendicontare o di pagare, o diventa insolvente, i pagamenti si fermano; non ci sono garanzie.',
  },
  instrument: {
    receive: 'Che cosa si riceve',
    receiveValue:
      'Una parte dei pagamenti, in proporzione all’importo investito rispetto al totale raccolto. Non è una partecipazione nella società né un prestito.',
    pool: 'Come si calcola ogni pagamento',
    poolValue:
      'Ricavi netti = vendite lorde − commissioni degli store − rimborsi − imposte. In ogni periodo {theShare} dei ricavi netti forma il monte da distribuire; una perdita in un periodo è riportata sul monte successivo.',
    platformShare: 'La quota della piattaforma',
    platformShareValue: 'IndieSplit trattiene {thePlatform} di ogni monte prima di distribuirlo.',
    netShare: 'Che cosa ricevono in tutto gli investitori',
    netShareValue:
      'Agli investitori spetta {theShare} dei ricavi netti; la piattaforma trattiene {thePlatform} di ogni monte; gli investitori ricevono {theNet} dei ricavi netti.',
    example: 'Esempio',
    exampleValue:
      'Su {netRevenue} di ricavi netti: il monte è di {pool}, la piattaforma trattiene {platform}, agli investitori vanno {investors}.',
    term: 'Durata',
    termValue: '{months} mesi dall’uscita del gioco.',
    frequency: 'Frequenza dei pagamenti',
    frequencyValue:
      'Il titolare del progetto rendiconta i ricavi di ogni mese o trimestre solare entro 15 giorni dalla fine. Quando IndieSplit ha verificato il rendiconto e il titolare del progetto ha versato il monte, questo è pagato nei portafogli degli investitori.',
    sale: 'Se il gioco o il titolare del progetto sono venduti',
    saleValue:
      'L’obbligo di rendicontare e pagare la quota dei ricavi resta legato al gioco per tutto il periodo: chi acquista il gioco o il titolare del progetto lo assume. Gli investitori non ricevono una parte del prezzo di vendita.',
    end: 'Fine del periodo',
    endValue:
      'Dopo il rendiconto dell’ultimo mese del periodo la campagna è completata e non sono dovuti altri pagamenti. L’importo investito non viene rimborsato.',
  },
  rights: {
    reflection: 'Revoca dell’investimento',
    reflectionDays:
      'Puoi revocare l’investimento entro {count} giorni da quando lo hai fatto, senza dare una motivazione e senza penali; l’intero importo torna nel tuo portafoglio.',
    reflectionMinutes:
      'In questa demo puoi revocare l’investimento entro {count} minuti da quando lo hai fatto (orologio demo), senza dare una motivazione.',
    refund: 'Se l’offerta non va a buon fine o è annullata',
    refundValue: 'Ogni investimento è rimborsato per intero nel portafoglio dell’investitore.',
    information: 'Informazioni durante il periodo',
    informationValue:
      'Il tuo portafoglio mostra ogni rendiconto dei ricavi verificato, i tuoi pagamenti e i rendiconti annuali; la pagina della campagna ne mostra l’andamento.',
    sheet: 'Questa scheda',
    sheetValue: 'Disponibile in inglese e in italiano, nella pagina della campagna e in PDF.',
  },
  fees: {
    invest: 'Commissioni per investire',
    investValue: 'Nessuna: l’intero importo investito va alla campagna.',
    payouts: 'Costi sui pagamenti',
    payoutsValue:
      'La quota della piattaforma: {thePlatform} di ogni monte dei ricavi, trattenuto da IndieSplit prima di pagare il resto agli investitori.',
    netShare: 'La tua quota netta',
    studio: 'Commissioni a carico del titolare del progetto',
    studioValue:
      'Il titolare del progetto versa nei monti {theShare} dei suoi ricavi netti; la quota della piattaforma è presa da quei monti. Il titolare del progetto non paga altre commissioni sui fondi raccolti.',
    studioValueWithFee:
      'Il titolare del progetto versa nei monti {theShare} dei suoi ricavi netti; la quota della piattaforma è presa da quei monti. Se la campagna è finanziata, IndieSplit trattiene una commissione del {fee} dei fondi raccolti prima di versarli al titolare del progetto; questa commissione non è a carico degli investitori.',
    wallet: 'Depositi e prelievi',
    walletValue: 'Nessuna commissione di IndieSplit; la tua banca può addebitare i bonifici.',
    complaints: 'Reclami',
    complaintsValue: 'Come presentare un reclamo e come viene gestito',
    conflicts: 'Conflitti di interesse',
    conflictsValue: 'La politica di IndieSplit sui conflitti di interesse',
    redress: 'Mezzi di ricorso',
    redressValue:
      'Se un reclamo non è risolto in modo soddisfacente, puoi rivolgerti all’autorità nazionale competente o all’autorità giudiziaria.',
  },
  virtual: '{amount} (virtuali)',
  utc: 'UTC',
};

export const KEY_INFORMATION_TEXT: Record<Language, KeyInformationText> = { en, it };

/** Fills {name} placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
