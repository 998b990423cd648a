/**
 * The age-rating questionnaire (issue 29), in the style of IARC's: what an app shows, asked
 * once per app, and the rating each authority's public criteria give for it. The tables are
 * ours, written from the authorities' published descriptions (sources in docs/age-rating.md);
 * one function for the console (which shows the ratings as answers change) and the server.
 */
export const AGE_QUESTIONS = {
  /** `cartoon`: non-realistic violence towards fantasy or cartoon characters; `fantasy`: realistic-looking violence towards fantasy characters, or non-graphic towards human-looking ones; `realistic`: violence against humans as it would look in real life; `graphic`: gross violence, killing of defenceless characters, gore. */
  violence: ['none', 'cartoon', 'fantasy', 'realistic', 'graphic'],
  /** `mild`: scenes or sounds that may frighten young children; `intense`: horror. */
  fear: ['none', 'mild', 'intense'],
  /** `suggestive`: innuendo, posturing; `nudity`: non-sexual nudity; `sexual`: sexual activity without explicit detail; `explicit`: explicit sexual content. */
  sexuality: ['none', 'suggestive', 'nudity', 'sexual', 'explicit'],
  /** `simulated`: games that teach or simulate gambling without money; `realMoney`: betting real money. */
  gambling: ['none', 'simulated', 'realMoney'],
  /** `mild`: mild swearing; `strong`: strong or sexual expletives. */
  language: ['none', 'mild', 'strong'],
  /** `references`: alcohol, tobacco or drugs mentioned or shown in passing; `depicted`: their use shown. */
  drugs: ['none', 'references', 'depicted'],
} as const;

export type AgeQuestion = keyof typeof AGE_QUESTIONS;
export type AgeAnswers = { [Q in AgeQuestion]: (typeof AGE_QUESTIONS)[Q][number] } & {
  /** Interactive elements: shown beside the rating, they do not change the age (as IARC). */
  userInteraction: boolean;
  purchases: boolean;
  locationSharing: boolean;
};

export const AGE_AUTHORITIES = ['pegi', 'esrb', 'usk', 'ru', 'generic'] as const;
export type AgeAuthority = (typeof AGE_AUTHORITIES)[number];

/** Each authority's classes, youngest first, with the age each stands for. */
export const AGE_CLASSES: Readonly<Record<AgeAuthority, ReadonlyArray<{ label: string; age: number }>>> = {
  pegi: [{ label: 'PEGI 3', age: 3 }, { label: 'PEGI 7', age: 7 }, { label: 'PEGI 12', age: 12 }, { label: 'PEGI 16', age: 16 }, { label: 'PEGI 18', age: 18 }],
  esrb: [{ label: 'E', age: 0 }, { label: 'E10+', age: 10 }, { label: 'T', age: 13 }, { label: 'M', age: 17 }, { label: 'AO', age: 18 }],
  usk: [{ label: 'USK 0', age: 0 }, { label: 'USK 6', age: 6 }, { label: 'USK 12', age: 12 }, { label: 'USK 16', age: 16 }, { label: 'USK 18', age: 18 }],
  ru: [{ label: '0+', age: 0 }, { label: '6+', age: 6 }, { label: '12+', age: 12 }, { label: '16+', age: 16 }, { label: '18+', age: 18 }],
  generic: [{ label: '3+', age: 3 }, { label: '7+', age: 7 }, { label: '12+', age: 12 }, { label: '16+', age: 16 }, { label: '18+', age: 18 }],
};

/**
 * The class index (into AGE_CLASSES) each answer needs at least, per authority; an answer
 * not listed needs nothing. Written from each authority's public criteria (docs/age-rating.md).
 */
type Table = { [Q in AgeQuestion]?: Partial<Record<(typeof AGE_QUESTIONS)[Q][number], number>> };
const TABLES: Readonly<Record<Exclude<AgeAuthority, 'generic'>, Table>> = {
  pegi: {
    violence: { cartoon: 1, fantasy: 2, realistic: 3, graphic: 4 },
    fear: { mild: 1, intense: 2 },
    sexuality: { suggestive: 2, nudity: 2, sexual: 3, explicit: 4 },
    gambling: { simulated: 2, realMoney: 4 },
    language: { mild: 2, strong: 3 },
    drugs: { references: 2, depicted: 3 },
  },
  esrb: {
    violence: { fantasy: 1, realistic: 3, graphic: 3 },
    fear: { mild: 1, intense: 2 },
    sexuality: { suggestive: 2, nudity: 3, sexual: 3, explicit: 4 },
    gambling: { simulated: 2, realMoney: 4 },
    language: { mild: 1, strong: 3 },
    drugs: { references: 2, depicted: 3 },
  },
  usk: {
    violence: { cartoon: 1, fantasy: 2, realistic: 3, graphic: 4 },
    fear: { mild: 1, intense: 3 },
    sexuality: { suggestive: 2, nudity: 2, sexual: 3, explicit: 4 },
    gambling: { simulated: 2, realMoney: 4 },
    language: { mild: 2, strong: 3 },
    drugs: { references: 2, depicted: 3 },
  },
  ru: {
    violence: { cartoon: 1, fantasy: 2, realistic: 3, graphic: 4 },
    fear: { mild: 1, intense: 3 },
    sexuality: { suggestive: 2, nudity: 3, sexual: 3, explicit: 4 },
    gambling: { simulated: 3, realMoney: 4 },
    language: { mild: 3, strong: 4 },
    drugs: { references: 2, depicted: 3 },
  },
};

export interface AuthorityRating {
  label: string;
  age: number;
  /** The questions whose answers set it (the store shows them as content descriptors). */
  because: AgeQuestion[];
}

/** Every authority's rating for the answers; `generic` is the strictest age of the others, on its own scale. */
export function ageRatings(answers: AgeAnswers): Record<AgeAuthority, AuthorityRating> {
  const out = {} as Record<AgeAuthority, AuthorityRating>;
  for (const authority of ['pegi', 'esrb', 'usk', 'ru'] as const) {
    let level = 0;
    let because: AgeQuestion[] = [];
    for (const question of Object.keys(AGE_QUESTIONS) as AgeQuestion[]) {
      const needed = (TABLES[authority][question] as Record<string, number> | undefined)?.[answers[question]] ?? 0;
      if (needed > level) [level, because] = [needed, [question]];
      else if (needed === level && needed > 0) because.push(question);
    }
    const cls = AGE_CLASSES[authority][level]!;
    out[authority] = { label: cls.label, age: cls.age, because };
  }
  const strictest = Math.max(...(['pegi', 'usk', 'ru'] as const).map((a) => out[a].age));
  const generic = [...AGE_CLASSES.generic].reverse().find((c) => c.age <= strictest) ?? AGE_CLASSES.generic[0]!;
  out.generic = { label: generic.label, age: generic.age, because: [...new Set((['pegi', 'usk', 'ru'] as const).filter((a) => out[a].age === strictest).flatMap((a) => out[a].because))] };
  return out;
}

/** Answers for an app that shows none of it. */
export const NO_CONTENT: AgeAnswers = { violence: 'none', fear: 'none', sexuality: 'none', gambling: 'none', language: 'none', drugs: 'none', userInteraction: false, purchases: false, locationSharing: false };
