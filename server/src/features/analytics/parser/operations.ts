import type { QuestionLanguage, SemanticFilter } from '@hangar/contract';
import { isRatio, type SemanticLayer } from '../semantic-layer.ts';
import { cue, type Reading, words } from './text.ts';
import type { Value } from './values.ts';
import * as W from './words.ts';

// The operations a question asks of its measure (issue 32): a share of a whole, a total of the
// rows, an average per member, a change against another period, a ranking. Each is read from its
// cue words, which are consumed only when the operation is used; a cue that cannot be used is
// listed back, never dropped.

export interface Named {
  target: string;
  kind: 'measure' | 'dimension';
  text: string;
  at: number;
}

export interface OperationCues {
  change: boolean;
  compare: boolean;
  trend: boolean;
  share: boolean;
  /** The part of a share: the value the question says the share came from. */
  part: SemanticFilter | null;
  total: boolean;
  /** Average per this dimension; 'ratio' when the measure is itself a ratio (its figure is the average). */
  average: string | 'ratio' | null;
  rank: { direction: 'asc' | 'desc'; n: number | null; words: string } | null;
  /** Cue words read that the query cannot use. */
  unused: string[];
}

/** A breakdown said as "per"/"each"/an adjective ("monthly"): the member an average is per. */
const PER_FORM =
  /^(monthly|mensuel|mensuelle|mensual|mensal|yearly|annual|annuel|annuelle|anual|per .+|par .+|por .+|each .+|chaque .+|cada .+)$/;
const PER_BEFORE = /(?:^| )(?:per|par|por|each|every|chaque|cada)\s+$/;

export function readOperation(ctx: {
  reading: Reading;
  layer: SemanticLayer;
  language: QuestionLanguage;
  measures: string[];
  dimensions: string[];
  named: Named[];
  bus: Value[];
  values: Map<string, Value[]>;
  /** A superlative read with the measures ("the busiest"). */
  superlative: { words: string; direction: 'asc' | 'desc' } | null;
  /** Words that carry nothing. */
  filler: (word: string) => boolean;
}): OperationCues {
  const { reading, layer, measures, dimensions, named } = ctx;
  const isFiller = (w: string) => ctx.filler(w) || w === 's';
  const unused: string[] = [];
  const measure = measures.length === 1 ? layer.measures.get(measures[0]!) : undefined;

  // Ranking: "top 5", "5 best", "the 3 lowest", "which shop sold the most", "the busiest airport".
  let rank: OperationCues['rank'] = null;
  const number = `([0-9]{1,3}|${Object.keys(W.NUMBER_WORDS).join('|')})`;
  const n = (w: string) => W.NUMBER_WORDS[w] ?? Number(w);
  const high = reading.take(words(`(?:(${W.RANK_HIGH}|${W.RANK_LOW}) ${number}|${number} (${W.RANK_HIGH}|${W.RANK_LOW}))`));
  if (high) {
    const word = high[1] ?? high[4]!;
    rank = {
      direction: new RegExp(`^(?:${W.RANK_LOW})$`).test(word) ? 'asc' : 'desc',
      n: Math.min(1000, n(high[2] ?? high[3]!)),
      words: high[0],
    };
  } else {
    const alone = W.MOST_ALONE[ctx.language];
    // The longest wording first: "mas alto" is a ranking, not "más" and a word left.
    const longest = (list: string) =>
      list
        .split('|')
        .sort((a, b) => b.length - a.length)
        .join('|');
    const most = reading.take(words(cue(longest(`${W.MOST}|${W.LEAST}${alone ? `|${alone}` : ''}`))));
    const ranked = most ? null : reading.take(words(cue(longest(`${W.RANK_HIGH}|${W.RANK_LOW}`))));
    const said = most?.[0] ?? ranked?.[0] ?? ctx.superlative?.words;
    if (said) {
      const low = most
        ? new RegExp(`^(?:${cue(W.LEAST)})$`).test(most[0])
        : ranked
          ? new RegExp(`^(?:${cue(W.RANK_LOW)})$`).test(ranked[0])
          : ctx.superlative!.direction === 'asc';
      // "the 5 shops that sold the most": a number before the breakdown's name.
      const counted = named
        .filter((x) => x.kind === 'dimension')
        .map((x) => ({ x, hit: /(?:^| )([0-9]{1,3}) +$/.exec(reading.free.slice(Math.max(0, x.at - 6), x.at)) }))
        .find((c) => c.hit);
      if (counted)
        reading.consume(counted.x.at - counted.hit![0].length + counted.hit![0].indexOf(counted.hit![1]!), counted.hit![1]!.length);
      // Without a number: the first one ("the busiest airport"), or all in order ("the best-selling shops").
      const plural = named.find((x) => x.kind === 'dimension' && layer.dimensions.get(x.target)!.kind === 'category')?.text.endsWith('s');
      const count = counted ? Number(counted.hit![1]) : most || !plural ? 1 : null;
      rank = { direction: low ? 'asc' : 'desc', n: count, words: said };
    }
  }
  // The ranking said twice ("最も…が高かった": the most, higher) is one ranking.
  if (rank) reading.takeAll(words(cue(`${W.MOST}|${W.LEAST}`), 'g'));
  if (rank && reading.take(words('when|quand|cuando|quando')) && !dimensions.includes('month')) dimensions.push('month');
  if (rank && !dimensions.length) {
    unused.push(rank.words);
    rank = null;
  }

  // Share: "what share of SSA's sales came from T1-DF-01", "LGW's share of passengers".
  const shareCue = reading.take(words(cue(W.SHARE_CUES)));
  let part: SemanticFilter | null = null;
  if (shareCue) {
    const all = [
      ...ctx.bus.map((b) => ({ dimension: 'bu', ...b })),
      ...[...ctx.values].flatMap(([dimension, list]) => list.map((v) => ({ dimension, ...v }))),
    ].sort((a, b) => a.at - b.at);
    const near = (from: number, to: number, unknown = 0) =>
      reading.between(Math.min(from, to), Math.max(from, to)).filter((g) => !isFiller(g.word)).length <= unknown;
    // The value after "came from", "was", "went to", even past a few words describing it ("was landing fees (AERO_LANDING)").
    const from = [...reading.free.matchAll(words(cue(W.SHARE_FROM), 'g'))];
    const after = (f: RegExpExecArray, v: { at: number }) => f.index < v.at && near(f.index + f[0].length, v.at, 3);
    let chosen = all.find((v) => from.some((f) => after(f, v)));
    const cueFrom = chosen && from.find((f) => after(f, chosen!));
    if (cueFrom) reading.consume(cueFrom.index, cueFrom[0].length);
    // Japanese: "T1-DF-01から" puts the word after the part.
    if (!chosen) {
      for (const v of all) {
        const next = reading.between(v.end, v.end + 40).find((g) => !isFiller(g.word));
        if (next?.word !== 'kara') continue;
        reading.consume(next.at, next.word.length);
        chosen = v;
        break;
      }
    }
    // Else the value next to the cue ("share of U2", "LGW's share"), the closest one.
    const cueEnd = shareCue.index + shareCue[0].length;
    const distance = (v: { at: number; end: number }) => (v.at >= cueEnd ? v.at - cueEnd : shareCue.index - v.end);
    chosen ??= all
      .filter((v) => (v.at >= cueEnd ? near(cueEnd, v.at, v.dimension === 'bu' ? 0 : 3) : near(v.end, shareCue.index)))
      .sort((a, b) => distance(a) - distance(b))[0];
    if (!chosen && all.length === 1) chosen = all[0];
    if (chosen) part = { dimension: chosen.dimension, values: [chosen.code] };
  }

  // "split", "breakdown", "mix": the breakdown itself, shown as parts of the whole.
  if (dimensions.length) reading.take(words(cue(W.SPLIT_WORDS)));
  const total = Boolean(reading.take(words(cue(W.TOTAL_CUES))));
  const change = Boolean(reading.take(words(cue(W.CHANGE_CUES))));
  const trend = Boolean(reading.take(words(cue(W.TREND_CUES))));
  const compare = Boolean(reading.peek(words(cue(W.COMPARE_WORDS))));

  // Average: per the breakdown said as "per X", "each X" or an adjective ("average monthly revenue"), else per month.
  let average: OperationCues['average'] = null;
  if (reading.take(words(cue(W.AVERAGE_CUES)))) {
    // A ratio, a rate or an average ("average basket") is already its average over the period.
    if (measure && (isRatio(measure) || measure.unit === '%' || /^average\b/i.test(measure.label))) average = 'ratio';
    else {
      const text = ` ${reading.text} `;
      const per = named.find((x) => x.kind === 'dimension' && (PER_FORM.test(x.text) || PER_BEFORE.test(text.slice(0, x.at))));
      if (per) {
        const before = PER_BEFORE.exec(reading.free.slice(0, per.at));
        if (before) reading.consume(per.at - before[0].length, before[0].length);
      }
      average = per?.target ?? (dimensions.includes('month') ? 'month' : 'month');
    }
  }

  return { change, compare, trend, share: Boolean(shareCue), part, total, average, rank, unused };
}
