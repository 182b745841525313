import type { QuestionLanguage } from '@hangar/contract';

// The questions back of the offline parser, in the language of the question.

const EXAMPLES: Record<QuestionLanguage, string> = {
  en: '"passengers by month in 2025", "top 5 airlines by movements last quarter", "revenue LGW vs SSA 2025"',
  fr: '« passagers par mois en 2025 », « top 5 compagnies par mouvements le trimestre dernier », « chiffre d’affaires LGW vs SSA 2025 »',
  es: '«pasajeros por mes en 2025», «top 5 aerolíneas por movimientos el trimestre pasado», «ingresos LGW vs SSA 2025»',
  pt: '«passageiros por mês em 2025», «top 5 companhias por movimentos no trimestre passado», «receita LGW vs SSA 2025»',
};

const quoted = (words: string[]) => words.map((w) => `"${w}"`).join(', ');

export const CLARIFY = {
  en: {
    sql: () => `I answer questions in plain language and never run SQL written in a question. Ask for example ${EXAMPLES.en}.`,
    noMeasure: (ignored: string[]) =>
      `Which figure do you want? Your question names none of the measures I know.${ignored.length ? ` I did not understand: ${quoted(ignored)}.` : ''} Ask for example ${EXAMPLES.en}.`,
    tooMany: () => 'Ask for at most four figures at once.',
    twoBreakdowns: (labels: string[]) => `Break the answer down by at most two of ${labels.join(', ')}: which two?`,
    impossible: (measure: string, by: string, options: string) => `${measure} cannot be broken down by ${by}; it can be by ${options}.`,
  },
  fr: {
    sql: () =>
      `Je réponds aux questions posées en langage courant et n’exécute jamais de SQL écrit dans une question. Demandez par exemple ${EXAMPLES.fr}.`,
    noMeasure: (ignored: string[]) =>
      `Quel chiffre voulez-vous ? Votre question ne nomme aucune des mesures que je connais.${ignored.length ? ` Je n’ai pas compris : ${quoted(ignored)}.` : ''} Demandez par exemple ${EXAMPLES.fr}.`,
    tooMany: () => 'Demandez au plus quatre chiffres à la fois.',
    twoBreakdowns: (labels: string[]) => `Ventilez la réponse par deux axes au plus parmi ${labels.join(', ')} : lesquels ?`,
    impossible: (measure: string, by: string, options: string) => `${measure} ne se ventile pas par ${by} ; possible par ${options}.`,
  },
  es: {
    sql: () => `Respondo preguntas en lenguaje corriente y nunca ejecuto SQL escrito en una pregunta. Pregunte por ejemplo ${EXAMPLES.es}.`,
    noMeasure: (ignored: string[]) =>
      `¿Qué cifra quiere? Su pregunta no nombra ninguna de las medidas que conozco.${ignored.length ? ` No he entendido: ${quoted(ignored)}.` : ''} Pregunte por ejemplo ${EXAMPLES.es}.`,
    tooMany: () => 'Pida como máximo cuatro cifras a la vez.',
    twoBreakdowns: (labels: string[]) => `Desglose la respuesta por dos como máximo de ${labels.join(', ')}: ¿cuáles?`,
    impossible: (measure: string, by: string, options: string) => `${measure} no se puede desglosar por ${by}; sí por ${options}.`,
  },
  pt: {
    sql: () => `Respondo a perguntas em linguagem corrente e nunca executo SQL escrito numa pergunta. Pergunte por exemplo ${EXAMPLES.pt}.`,
    noMeasure: (ignored: string[]) =>
      `Que valor pretende? A sua pergunta não nomeia nenhuma das medidas que conheço.${ignored.length ? ` Não percebi: ${quoted(ignored)}.` : ''} Pergunte por exemplo ${EXAMPLES.pt}.`,
    tooMany: () => 'Peça no máximo quatro valores de cada vez.',
    twoBreakdowns: (labels: string[]) => `Divida a resposta por no máximo dois de ${labels.join(', ')}: quais?`,
    impossible: (measure: string, by: string, options: string) => `${measure} não se divide por ${by}; divide-se por ${options}.`,
  },
} satisfies Record<QuestionLanguage, unknown>;
