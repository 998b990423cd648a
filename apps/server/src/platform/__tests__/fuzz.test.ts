import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ALL_ENDPOINTS, appApi, projectApi, type Endpoint } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../harness';

/**
 * Input fuzzing generated from the contract: every call gets bodies, queries and path
 * parameters shaped like its schema (the field names come from zod's JSON Schema
 * export) but filled with wrong types, huge and odd strings, deep nesting,
 * prototype-pollution keys and SQL and script fragments. Whatever arrives, the answer is
 * below 500 with a readable ret.msg, and the server keeps serving.
 * `npm run fuzz` runs many more cases (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const NASTY = [
  '__proto__', 'constructor', 'prototype', "' OR '1'='1' --", '"; DROP TABLE apps; --', '<script>alert(1)</script>', '../../../../etc/passwd',
  '%00', '\u0000', '\ud800', '\u202e', '💥👩‍👩‍👧‍👦', 'NaN', '-1', '1e309', '9'.repeat(400), ' ', '', 'null', 'true', '{"$gt":""}', 'ȦƁƇ'.repeat(50),
];
const nastyString = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constant('a'.repeat(70_000)));
const leaf = fc.oneof(nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-0), fc.constant(Number.MAX_SAFE_INTEGER + 2));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(nastyString, tie('value'), { maxKeys: 4 })),
}));
/** A chain deep enough to trouble a recursive parser or validator. */
const deep = fc.integer({ min: 50, max: 3000 }).map((n) => JSON.parse(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`) as unknown);
/** An object whose own keys are the pollution vectors (JSON.parse makes them own properties). */
const polluting = fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}') as unknown);

function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** Objects with the call's field names (some of them) holding any kind of value. */
function shaped(names: string[]) {
  const fields = Object.fromEntries(names.map((n) => [n, fc.oneof(value, nastyString, deep)]));
  return fc.record(fields, { requiredKeys: [] });
}

function inputs(e: Endpoint) {
  const bodyNames = fieldNames(e.body as z.ZodType | undefined);
  const queryNames = fieldNames(e.query as z.ZodType | undefined);
  const paramNames = [...e.fullPath.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return fc.record({
    body: fc.oneof(shaped(bodyNames), value, deep, polluting),
    query: fc.oneof(shaped(queryNames), fc.dictionary(nastyString, nastyString, { maxKeys: 3 })),
    params: fc.record(Object.fromEntries(paramNames.map((n) => [n, nastyString.filter((s) => s.length > 0 && s.length < 2000)]))),
  });
}

/** Percent-encoding that also carries lone surrogates, as the invalid UTF-8 bytes a hostile client would send. */
function encodeAnything(text: string): string {
  return [...text].map((ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function queryText(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined']));
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

let t: TestApp;
let cases = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  console.log(`fuzz: ${ALL_ENDPOINTS.length} calls, ${cases} generated requests (seed ${SEED}, ${RUNS} runs each)`);
  await t.close();
});

describe('input fuzzing of every call', () => {
  it.each(ALL_ENDPOINTS.map((e) => [e.id, e] as const))('%s answers broken input below 500 with a readable message', async (_id, e) => {
    // A fresh account holder per call: a call that ends the session cannot blind the rest.
    const u = await TestUser.register(t);
    await fc.assert(
      fc.asyncProperty(inputs(e), async ({ body, query, params }) => {
        cases += 1;
        const res = await u.call(e, {
          params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeAnything(String(v))])),
          query: queryText(query as Record<string, unknown>),
          ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { body }),
          asStream: true,
        });
        // A live stream that opened is an answer like any other: its status is what counts.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.stream().destroy();
          expect(res.statusCode).toBe(200);
          return;
        }
        const text = await streamText(res.stream());
        expect(res.statusCode, `${e.method} ${e.fullPath} → ${res.statusCode} ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
          const msg = (JSON.parse(text) as { ret?: { msg?: unknown } }).ret?.msg;
          expect(typeof msg === 'string' && msg.length > 0).toBe(true);
          expect(String(msg)).not.toMatch(/\bat \S+ \(|node_modules|Error: /);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('kept serving and nothing was polluted', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

/**
 * Characters no text may hold (NUL, other C0 controls, broken surrogates), put into every
 * field of every call in turn, while the ids the call needs are the caller's own (so the
 * access check lets it through to validation): refused with 400 naming the field, never
 * a 5xx, never a success.
 */
const POISON = ['a\u0000b', 'a\u001bb', 'a\ud800b', '\udfffa'];
describe('control characters in every field of every call', () => {
  it('are refused below 500, never accepted', async () => {
    const u = await TestUser.register(t);
    const project = (await u.call(projectApi.createProject, { body: { name: 'Poison' } })).json().project;
    const created = await u.call(appApi.createApp, { body: { projectId: project.projectId, platform: 'android', name: 'Poison', packageName: 'com.wharf.fuzz.poison', category: 'app', defaultLanguage: 'enUS' } });
    expect(created.statusCode, created.body).toBe(200);
    const app = created.json().app;
    const ids: Record<string, string> = { appId: app.appId, projectId: project.projectId, teamId: u.teamId };
    let refusedByName = 0;
    let sent = 0;
    for (const e of ALL_ENDPOINTS) {
      const params = Object.fromEntries([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => [m[1]!, ids[m[1]!] ?? '00000000-0000-4000-8000-000000000000']));
      const parts = { body: fieldNames(e.body as z.ZodType | undefined), query: fieldNames(e.query as z.ZodType | undefined) };
      const base = (names: string[]) => Object.fromEntries(names.filter((n) => ids[n]).map((n) => [n, ids[n]!]));
      for (const [part, names] of Object.entries(parts) as Array<['body' | 'query', string[]]>) {
        if (part === 'body' && (e.method === 'GET' || e.method === 'DELETE')) continue;
        for (const name of names) {
          // An address cannot carry a broken surrogate: its bytes decode to U+FFFD, which is text.
          for (const bad of part === 'query' ? POISON.slice(0, 2) : POISON) {
            const value = { ...base(names), [name]: bad };
            const res = await u.call(e, {
              params,
              ...(part === 'query' ? { query: value } : { query: base(parts.query), body: value }),
            });
            sent += 1;
            expect(res.statusCode, `${e.id} ${part}.${name}=${JSON.stringify(bad)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
            expect(res.statusCode, `${e.id} ${part}.${name}=${JSON.stringify(bad)} was accepted`).toBeGreaterThanOrEqual(400);
            const errors = res.statusCode === 400 ? ((res.json() as { errors?: Array<{ rule: string; name: string }> }).errors ?? []) : [];
            if (errors.some((x) => x.rule === 'controlCharacter' && x.name === name)) refusedByName += 1;
          }
        }
      }
    }
    console.log(`control characters: ${sent} requests, ${refusedByName} refused naming the field`);
    // The guard runs before each call's schema: wherever the access check let the call through, it names the field.
    expect(refusedByName).toBeGreaterThan(sent / 2);
  }, 300_000);
});
