// AAB (Android App Bundle): the base module's manifest is an aapt2 protobuf XmlNode; its
// resources are a protobuf ResourceTable (base/resources.pb). Signing is v1 (jarsigner) only.

import { decodeResourceTable, decodeXmlNode, type PbItem, type PbResourceTable, type PbXmlElement } from './aapt-proto';
import { formatRef, manifestFacts, readApkSignatures } from './apk';
import { pickString, rankIconPaths, type ResourceValue } from './arsc';
import type { XmlElement, XmlValue } from './axml';
import { emptyResult, readIcon, type ParseContext } from './common';
import { PackageParseError, type ParsedPackage } from './types';
import type { ZipArchive } from './zip';

const MANIFEST = 'base/manifest/AndroidManifest.xml';
const MAX_DEPTH = 256;
const MAX_RESOURCES_PB_BYTES = 8 * 1024 * 1024;

function itemValue(item: PbItem | undefined, raw: string | undefined): XmlValue {
  if (item?.ref && (item.ref.id ?? 0) !== 0) return item.ref.type === 1 ? { type: 'attr', id: item.ref.id! >>> 0 } : { type: 'ref', id: item.ref.id! >>> 0 };
  const prim = item?.prim;
  if (prim) {
    if (prim.booleanValue !== undefined) return { type: 'bool', value: prim.booleanValue };
    if (prim.intDecimalValue !== undefined) return { type: 'int', value: prim.intDecimalValue };
    if (prim.intHexadecimalValue !== undefined) return { type: 'int', value: prim.intHexadecimalValue | 0 };
    if (prim.floatValue === undefined) {
      // proto3 drops zero/false defaults: an empty primitive with a raw "false"/"0" string.
      if (raw === 'false' || raw === 'true') return { type: 'bool', value: raw === 'true' };
      if (raw !== undefined && /^-?\d+$/.test(raw)) return { type: 'int', value: Number(raw) };
    }
  }
  const s = item?.str?.value ?? item?.rawStr?.value ?? item?.styledStr?.value ?? item?.file?.path ?? raw;
  return { type: 'string', value: s ?? '' };
}

/** Converts the protobuf element tree to the binary-XML tree shape shared with the APK parser. */
export function toXmlElement(el: PbXmlElement, depth = 0): XmlElement {
  if (depth > MAX_DEPTH) throw new PackageParseError('manifestInvalid', 'protobuf manifest nested too deeply');
  return {
    namespace: el.namespaceUri || null,
    name: el.name ?? '',
    attributes: (el.attribute ?? []).map((a) => ({
      namespace: a.namespaceUri || null,
      name: a.name ?? '',
      resourceId: a.resourceId ? a.resourceId >>> 0 : null,
      value: itemValue(a.compiledItem, a.value),
    })),
    children: (el.child ?? []).flatMap((c) => (c.element ? [toXmlElement(c.element, depth + 1)] : [])),
  };
}

export async function parseAab(zip: ZipArchive, ctx: ParseContext): Promise<ParsedPackage> {
  const result = emptyResult('aab');
  const entry = zip.get(MANIFEST);
  if (!entry) throw new PackageParseError('notAPackage', `not an AAB: ${MANIFEST} is missing`);
  const bytes = await zip.read(entry, 4 * 1024 * 1024);
  let root: XmlElement;
  try {
    const node = decodeXmlNode(bytes);
    if (!node.element) throw new PackageParseError('manifestInvalid', 'the protobuf manifest has no root element');
    root = toXmlElement(node.element);
  } catch (err) {
    if (err instanceof PackageParseError) throw err;
    throw new PackageParseError('manifestInvalid', `the protobuf manifest cannot be decoded: ${err instanceof Error ? err.message : String(err)}`);
  }
  const facts = manifestFacts(root);
  Object.assign(result, {
    packageName: facts.packageName,
    versionCode: facts.versionCode,
    versionName: facts.versionName,
    minSdk: facts.minSdk,
    targetSdk: facts.targetSdk,
    permissions: facts.permissions,
    debuggable: facts.debuggable,
  });
  const modules = [...new Set(zip.names().map((n) => /^([^/]+)\/manifest\/AndroidManifest\.xml$/.exec(n)?.[1]).filter((m): m is string => !!m))].sort();
  result.extra = {
    ...facts.extra,
    entryCount: zip.entries.size,
    bundleConfig: zip.has('BundleConfig.pb'),
    modules,
  };
  const abis = [...new Set(zip.names().map((n) => /^[^/]+\/lib\/([^/]+)\/[^/]+\.so$/.exec(n)?.[1]).filter((x): x is string => !!x))];
  if (abis.length) result.extra.abis = abis.sort();

  let table: PbResourceTable | null = null;
  if (facts.label?.type === 'ref' || facts.icon?.type === 'ref') {
    const res = zip.get('base/resources.pb');
    if (!res) result.extra.resources = 'missing';
    // Decoding a protobuf resource table takes about ten times its size in memory: cap it lower.
    else if (res.uncompressedSize > Math.min(ctx.limits.maxEntryBytes, MAX_RESOURCES_PB_BYTES)) result.extra.resources = 'tooLarge';
    else {
      const data = await zip.read(res);
      try {
        table = decodeResourceTable(data);
        result.extra.resources = 'read';
      } catch {
        result.extra.resources = 'unreadable';
      }
    }
  }
  if (facts.label?.type === 'string') result.label = facts.label.value;
  else if (facts.label?.type === 'ref') {
    result.extra.labelRef = formatRef(facts.label.id);
    result.label = (table && pickString(resolvePb(table, facts.label.id))) ?? formatRef(facts.label.id);
  }
  if (facts.icon?.type === 'ref') {
    result.extra.iconRef = formatRef(facts.icon.id);
    if (table) {
      const paths = rankIconPaths(
        resolvePb(table, facts.icon.id)
          .filter((v) => v.value.type === 'string')
          .map((v) => ({ density: v.config.density, path: (v.value as { value: string }).value })),
      );
      result.icon = await readIcon(zip, paths.map((p) => `base/${p}`));
    }
  }
  await readApkSignatures(zip, ctx, result);
  return result;
}

function resolvePb(table: PbResourceTable, resId: number, depth = 0): ResourceValue[] {
  const pkgId = resId >>> 24;
  const typeId = (resId >>> 16) & 0xff;
  const entryId = resId & 0xffff;
  const pkg = (table.package ?? []).find((p) => (p.packageId?.id ?? 0x7f) === pkgId) ?? (table.package?.length === 1 ? table.package[0] : undefined);
  const type = pkg?.type?.find((t) => t.typeId?.id === typeId);
  const entry = type?.entry?.find((e) => (e.entryId?.id ?? 0) === entryId);
  const out: ResourceValue[] = [];
  for (const cv of entry?.configValue ?? []) {
    const locale = cv.config?.locale ?? '';
    const [language = '', country = ''] = locale.split(/[-_]r?/);
    const config = { language, country, density: cv.config?.density ?? 0 };
    const item = cv.value?.item;
    if (!item) continue;
    if (item.ref?.id && depth < 4 && item.ref.id !== resId) {
      for (const inner of resolvePb(table, item.ref.id >>> 0, depth + 1)) out.push({ config: inner.config.density ? inner.config : config, value: inner.value });
      continue;
    }
    const s = item.str?.value ?? item.rawStr?.value ?? item.styledStr?.value ?? item.file?.path;
    if (s !== undefined) out.push({ config, value: { type: 'string', value: s } });
  }
  return out;
}
