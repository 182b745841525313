import type { QuestionLanguage } from '@hangar/contract';

// The questions back of the offline parser, in the language of the question. Each says why no
// figure is given: a refusal with its true reason beats a wrong number.

const EXAMPLES: Record<QuestionLanguage, string> = {
  en: '"passengers by month in 2025", "top 5 airlines by movements last quarter", "revenue LGW vs SSA 2025"',
  fr: '« passagers par mois en 2025 », « top 5 compagnies par mouvements le trimestre dernier », « chiffre d’affaires LGW vs SSA 2025 »',
  es: '«pasajeros por mes en 2025», «top 5 aerolíneas por movimientos el trimestre pasado», «ingresos LGW vs SSA 2025»',
  pt: '«passageiros por mês em 2025», «top 5 companhias por movimentos no trimestre passado», «receita LGW vs SSA 2025»',
  ja: '「2025年の月別旅客数」「前四半期の発着回数上位5航空会社」「2025年のLGWとSSAの収益比較」',
};

const quoted = (words: string[]) => words.map((w) => `"${w}"`).join(', ');
const listed = (words: string[]) => words.map((w) => `「${w}」`).join('、');

export const CLARIFY = {
  en: {
    sql: () => `I answer questions in plain language and never run SQL written in a question. Ask for example ${EXAMPLES.en}.`,
    noMeasure: (ignored: string[]) =>
      `Which figure do you want? Your question names none of the measures I know.${ignored.length ? ` I did not understand: ${quoted(ignored)}.` : ''} Ask for example ${EXAMPLES.en}.`,
    tooMany: () => 'Ask for at most four figures at once.',
    twoBreakdowns: (labels: string[]) => `Break the answer down by at most two of ${labels.join(', ')}: which two?`,
    impossible: (measure: string, by: string, options: string) => `${measure} cannot be broken down by ${by}; it can be by ${options}.`,
    finer: (word: string) =>
      `The figures are held per month, so "${word}" cannot be answered: ask for a month or a range of months ("last month", "March 2026").`,
    periods: (periods: string[]) =>
      `Your question names several periods (${quoted(periods)}) and I cannot tell how they go together: ask for one period, a range ("August to October 2026") or one against another ("October vs September 2026").`,
    codeWhere: (code: string, options: string[]) =>
      `Which breakdown is "${code}" a value of? Write it after its name${options.length ? `, for example "${options[0]} ${code}"` : ''}.`,
    oneMeasure: () => 'A share, a total, an average or a change is asked of one figure at a time: ask for each on its own.',
    changeByTime: () =>
      'A change compares two periods as a whole: ask it without a breakdown by month or year ("revenue October vs September 2026").',
    shareOfRatio: (measure: string) =>
      `${measure} is a ratio: a share of it has no meaning. Ask for the share of a total, such as net sales or passengers.`,
    sharePart: () =>
      'A share of which part? Name it, for example "what share of SSA’s net sales came from T1-DF-01" or "share of passengers by airline".',
    unknown: (words: string[]) =>
      `I do not know ${quoted(words)}, and without ${words.length > 1 ? 'them' : 'it'} the figure would not be the one asked: rephrase with the measures, breakdowns, airports and months the data holds.`,
  },
  fr: {
    sql: () =>
      `Je réponds aux questions posées en langage courant et n’exécute jamais de SQL écrit dans une question. Demandez par exemple ${EXAMPLES.fr}.`,
    noMeasure: (ignored: string[]) =>
      `Quel chiffre voulez-vous ? Votre question ne nomme aucune des mesures que je connais.${ignored.length ? ` Je n’ai pas compris : ${quoted(ignored)}.` : ''} Demandez par exemple ${EXAMPLES.fr}.`,
    tooMany: () => 'Demandez au plus quatre chiffres à la fois.',
    twoBreakdowns: (labels: string[]) => `Ventilez la réponse par deux axes au plus parmi ${labels.join(', ')} : lesquels ?`,
    impossible: (measure: string, by: string, options: string) => `${measure} ne se ventile pas par ${by} ; possible par ${options}.`,
    finer: (word: string) =>
      `Les chiffres sont tenus par mois : « ${word} » ne peut pas être servi. Demandez un mois ou une période de mois (« le mois dernier », « mars 2026 »).`,
    periods: (periods: string[]) =>
      `Votre question nomme plusieurs périodes (${quoted(periods)}) sans dire comment les lire ensemble : demandez une période, un intervalle (« d’août à octobre 2026 ») ou l’une par rapport à l’autre (« octobre par rapport à septembre 2026 »).`,
    codeWhere: (code: string, options: string[]) =>
      `De quel axe « ${code} » est-il une valeur ? Écrivez-le après son nom${options.length ? `, par exemple « ${options[0]} ${code} »` : ''}.`,
    oneMeasure: () =>
      'Une part, un total, une moyenne ou une évolution se demande pour un seul chiffre à la fois : demandez-les séparément.',
    changeByTime: () => 'Une évolution compare deux périodes entières : demandez-la sans ventilation par mois ou par année.',
    shareOfRatio: (measure: string) =>
      `${measure} est un ratio : une part n’a pas de sens. Demandez la part d’un total, comme les ventes ou les passagers.`,
    sharePart: () =>
      'La part de quoi ? Nommez-la, par exemple « quelle part des ventes de SSA vient de T1-DF-01 » ou « part des passagers par compagnie ».',
    unknown: (words: string[]) =>
      `Je ne connais pas ${quoted(words)}, et sans cela le chiffre ne serait pas celui demandé : reformulez avec les mesures, axes, aéroports et mois que les données contiennent.`,
  },
  es: {
    sql: () => `Respondo preguntas en lenguaje corriente y nunca ejecuto SQL escrito en una pregunta. Pregunte por ejemplo ${EXAMPLES.es}.`,
    noMeasure: (ignored: string[]) =>
      `¿Qué cifra quiere? Su pregunta no nombra ninguna de las medidas que conozco.${ignored.length ? ` No he entendido: ${quoted(ignored)}.` : ''} Pregunte por ejemplo ${EXAMPLES.es}.`,
    tooMany: () => 'Pida como máximo cuatro cifras a la vez.',
    twoBreakdowns: (labels: string[]) => `Desglose la respuesta por dos como máximo de ${labels.join(', ')}: ¿cuáles?`,
    impossible: (measure: string, by: string, options: string) => `${measure} no se puede desglosar por ${by}; sí por ${options}.`,
    finer: (word: string) =>
      `Las cifras se guardan por mes: «${word}» no se puede responder. Pida un mes o un periodo de meses («el mes pasado», «marzo de 2026»).`,
    periods: (periods: string[]) =>
      `Su pregunta nombra varios periodos (${quoted(periods)}) y no sé cómo combinarlos: pida un periodo, un intervalo («de agosto a octubre de 2026») o uno frente a otro («octubre frente a septiembre de 2026»).`,
    codeWhere: (code: string, options: string[]) =>
      `¿De qué desglose es «${code}» un valor? Escríbalo tras su nombre${options.length ? `, por ejemplo «${options[0]} ${code}»` : ''}.`,
    oneMeasure: () => 'Una parte, un total, una media o una variación se piden de una cifra a la vez: pídalas por separado.',
    changeByTime: () => 'Una variación compara dos periodos enteros: pídala sin desglose por mes o año.',
    shareOfRatio: (measure: string) =>
      `${measure} es un ratio: una parte no tiene sentido. Pida la parte de un total, como ventas o pasajeros.`,
    sharePart: () =>
      '¿La parte de qué? Nómbrela, por ejemplo «qué parte de las ventas de SSA vino de T1-DF-01» o «parte de pasajeros por aerolínea».',
    unknown: (words: string[]) =>
      `No conozco ${quoted(words)}, y sin ello la cifra no sería la pedida: reformule con las medidas, desgloses, aeropuertos y meses que contienen los datos.`,
  },
  pt: {
    sql: () => `Respondo a perguntas em linguagem corrente e nunca executo SQL escrito numa pergunta. Pergunte por exemplo ${EXAMPLES.pt}.`,
    noMeasure: (ignored: string[]) =>
      `Que valor pretende? A sua pergunta não nomeia nenhuma das medidas que conheço.${ignored.length ? ` Não percebi: ${quoted(ignored)}.` : ''} Pergunte por exemplo ${EXAMPLES.pt}.`,
    tooMany: () => 'Peça no máximo quatro valores de cada vez.',
    twoBreakdowns: (labels: string[]) => `Divida a resposta por no máximo dois de ${labels.join(', ')}: quais?`,
    impossible: (measure: string, by: string, options: string) => `${measure} não se divide por ${by}; divide-se por ${options}.`,
    finer: (word: string) =>
      `Os valores são guardados por mês: «${word}» não pode ser respondido. Peça um mês ou um período de meses («mês passado», «março de 2026»).`,
    periods: (periods: string[]) =>
      `A sua pergunta nomeia vários períodos (${quoted(periods)}) e não sei como combiná-los: peça um período, um intervalo («de agosto a outubro de 2026») ou um comparado com outro («outubro comparado com setembro de 2026»).`,
    codeWhere: (code: string, options: string[]) =>
      `De que divisão é «${code}» um valor? Escreva-o depois do nome${options.length ? `, por exemplo «${options[0]} ${code}»` : ''}.`,
    oneMeasure: () => 'Uma parte, um total, uma média ou uma variação pedem-se de um valor de cada vez: peça-os separadamente.',
    changeByTime: () => 'Uma variação compara dois períodos inteiros: peça-a sem divisão por mês ou ano.',
    shareOfRatio: (measure: string) =>
      `${measure} é um rácio: uma parte não tem sentido. Peça a parte de um total, como vendas ou passageiros.`,
    sharePart: () =>
      'A parte de quê? Indique-a, por exemplo «que parte das vendas de SSA veio de T1-DF-01» ou «parte dos passageiros por companhia».',
    unknown: (words: string[]) =>
      `Não conheço ${quoted(words)}, e sem isso o valor não seria o pedido: reformule com as medidas, divisões, aeroportos e meses que os dados contêm.`,
  },
  ja: {
    sql: () => `質問は普段の言葉でお願いします。質問に書かれたSQLは実行しません。例：${EXAMPLES.ja}`,
    noMeasure: (ignored: string[]) =>
      `どの数値をお求めですか？ご質問には、私の知っている指標が含まれていません。${ignored.length ? `理解できなかった語：${listed(ignored)}。` : ''}例：${EXAMPLES.ja}`,
    tooMany: () => '一度にお求めいただける数値は4つまでです。',
    twoBreakdowns: (labels: string[]) => `内訳は${labels.join('、')}のうち2つまでです。どの2つにしますか？`,
    impossible: (measure: string, by: string, options: string) => `${measure}は${by}別に分けられません。${options}別なら可能です。`,
    finer: (word: string) =>
      `数値は月単位で保持されているため、「${word}」にはお答えできません。月または月の範囲（「先月」「2026年3月」）でお尋ねください。`,
    periods: (periods: string[]) =>
      `ご質問に複数の期間（${listed(periods)}）があり、組み合わせ方が分かりません。1つの期間、範囲（「2026年8月から10月」）、または比較（「2026年10月と9月の比較」）でお尋ねください。`,
    codeWhere: (code: string, options: string[]) =>
      `「${code}」はどの内訳の値ですか？${options.length ? `「${options[0]} ${code}」のように` : ''}内訳の名前の後に書いてください。`,
    oneMeasure: () => '割合・合計・平均・増減は、一度に1つの数値についてお尋ねください。',
    changeByTime: () => '増減は2つの期間全体を比べます。月別・年別の内訳なしでお尋ねください。',
    shareOfRatio: (measure: string) =>
      `${measure}は比率のため、割合には意味がありません。純売上高や旅客数など合計値の割合をお尋ねください。`,
    sharePart: () => 'どの部分の割合ですか？「SSAの純売上高のうちT1-DF-01の割合」や「航空会社別の旅客数の割合」のようにお尋ねください。',
    unknown: (words: string[]) =>
      `${listed(words)}が分からず、これを除くとお尋ねの数値になりません。データにある指標・内訳・空港・月でお尋ねください。`,
  },
} satisfies Record<QuestionLanguage, unknown>;
