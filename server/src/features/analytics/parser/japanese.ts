import { MEASURE_DOMAINS, MEASURE_VERBS, VALUE_WORDS, VOCABULARY } from '../vocabulary.ts';
import { spaceScripts } from './text.ts';

// Japanese questions have no spaces between words: their vocabulary is matched inside the text,
// longest first, and each match is glossed into the words the other readers know ("2026年9月" is
// "september 2026", "先月" "last month", "旅客数" "departing passengers", "割合" "share"). What is
// left of the Japanese text once glossed and once its particles are set aside is listed back as
// not used, in Japanese.

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const monthName = (m: string) => MONTH_NAMES[Number(m) - 1] ?? m;

/** Patterns with their gloss, in the order they are tried: time first, then operations. */
const PATTERNS: readonly [RegExp, (...groups: string[]) => string][] = [
  [/(?:過去|直近|最近|この) ?([0-9]{1,3}) ?(?:か|ヶ|ケ|カ|ヵ|箇)?月間?/g, (_, n) => `last ${n} months`],
  [/(20[0-9]{2}) ?年度? ?(1[0-2]|0?[1-9]) ?月 ?(?:以降|以来)/g, (_, y, m) => `since ${monthName(m!)} ${y}`],
  [/(1[0-2]|0?[1-9]) ?月 ?(?:以降|以来)/g, (_, m) => `since ${monthName(m!)}`],
  [/(20[0-9]{2}) ?(?:年度?|ねん) ?(1[0-2]|0?[1-9]) ?(?:月|がつ)/g, (_, y, m) => `${monthName(m!)} ${y}`],
  [/(1[0-2]|0?[1-9]) ?月/g, (_, m) => monthName(m!)],
  [/第 ?([1-4]) ?四半期/g, (_, q) => `q${q}`],
  [/(?:過去|直近|最近|この) ?([0-9]{1,2}) ?年間?/g, (_, n) => `last ${n} years`],
  [/(20[0-9]{2}) ?年度?/g, (_, y) => y!],
  [/前年同月比|前年同期比|前年比|前年同月|前年同期|昨年同月|昨年同期|前年同時期/g, () => 'yoy'],
  [/前月比/g, () => 'mom'],
  [/先々月/g, () => 'month before last'],
  [/先月|前月/g, () => 'last month'],
  [/今月|当月/g, () => 'this month'],
  [/前四半期|先四半期/g, () => 'last quarter'],
  [/今四半期|当四半期/g, () => 'this quarter'],
  [/上半期|上期/g, () => 'h1'],
  [/下半期|下期/g, () => 'h2'],
  [/一昨年/g, () => 'year before last'],
  [/来年|翌年/g, () => 'next year'],
  [/来月|翌月/g, () => 'next month'],
  [/年初来|年初から/g, () => 'ytd'],
  [/昨年|去年|前年/g, () => 'last year'],
  [/今年|本年/g, () => 'this year'],
  [/昨日|今日|明日|先週|今週|来週|毎週|週次|週別|週間|毎日|日別|日次/g, () => 'daily'],
  [/と比べて|と比較して|に比べて|と比べ|に比べ|と比較|対比/g, () => 'hikaku'],
  [/比較/g, () => 'compare'],
  [/対/g, () => 'vs'],
  [/から/g, () => 'kara'],
  [/まで/g, () => 'made'],
  [/に占める|で占める|のうち/g, () => 'of'],
  [/割合|シェア|構成比|比率/g, () => 'share'],
  [/合計|総計|総額|トータル/g, () => 'total'],
  [/月平均|月間平均|平均月間/g, () => 'monthly average'],
  [/平均/g, () => 'average'],
  [
    /上がったか下がったか|増えたか減ったか|増減|変化|伸び率|伸び|成長率|増加率|減少率|増加|減少|差異|上昇|下落|増えた|減った|上がった|下がった/g,
    () => 'change',
  ],
  [/推移|トレンド|動向/g, () => 'trend'],
  [/(?:上位|トップ|ベスト) ?([0-9]{1,3}) ?社/g, (_, n) => `top ${n} companies`],
  [/(?:上位|トップ|ベスト) ?([0-9]{1,3})/g, (_, n) => `top ${n}`],
  [/(?:下位|ワースト) ?([0-9]{1,3})/g, (_, n) => `bottom ${n}`],
  [/(?:最も|一番)(?:少な|低|小さ)(?:い|かった)|最少|最低|最小/g, () => 'the least'],
  [/(?:最も|一番)(?:多|高|大き)(?:い|かった)|最多|最高|最大|最も|一番/g, () => 'the most'],
  [/が?(?:多|高|大き)(?:い|かった)/g, () => 'most'],
  [/が?(?:少な|低|小さ)(?:い|かった)/g, () => 'least'],
  [/いつ/g, () => 'when'],
  [/グループ全体|グループ/g, () => 'group'],
  [/実績/g, () => 'actual'],
];

/** Japanese words of the vocabulary (measures, dimensions, verbs, domains) and the words they gloss into. */
function vocabularyGlosses(): [string, string][] {
  const out: [string, string][] = [];
  for (const [id, byLanguage] of Object.entries(VOCABULARY)) {
    // Into the measure's first English word ("顧客収入" is "customer revenue"), never its label: a label
    // such as "Revenue by stream" would add a breakdown the question does not ask.
    const english = byLanguage.en?.[0] ?? id.replace(/_/g, ' ');
    for (const w of byLanguage.ja ?? []) out.push([w, /^(全|すべて|全て)/.test(w) ? 'all airports' : english]);
  }
  for (const byCode of Object.values(VALUE_WORDS)) {
    for (const list of Object.values(byCode)) for (const w of list.filter((x) => /[^a-z0-9 ]/.test(x))) out.push([w, list[0]!]);
  }
  for (const byLanguage of Object.values(MEASURE_VERBS)) {
    for (const w of byLanguage.ja ?? []) out.push([w, byLanguage.en![0]!]);
  }
  for (const d of MEASURE_DOMAINS) for (const w of d.words.filter((x) => /[^a-z ]/.test(x))) out.push([w, d.words[0]!]);
  return out.sort((a, b) => b[0].length - a[0].length);
}
const VOCABULARY_GLOSSES = vocabularyGlosses();

export interface Glossed {
  text: string;
  /** What each gloss word stands for, to list an unused one back as written. */
  originals: Map<string, string>;
}

/** The Japanese of a folded question glossed into the readers' words. */
export function gloss(folded: string): Glossed {
  const originals = new Map<string, string>();
  let text = folded;
  const put = (original: string, words: string) => {
    for (const w of words.split(' ')) if (!/^[0-9]+$/.test(w)) originals.set(w, original);
    return ` ${words} `;
  };
  for (const [pattern, to] of PATTERNS) text = text.replace(pattern, (...m) => put(m[0] as string, to(...(m as string[]))));
  for (const [ja, en] of VOCABULARY_GLOSSES) text = text.split(ja).join(put(ja, en));
  return { text: spaceScripts(text), originals };
}
