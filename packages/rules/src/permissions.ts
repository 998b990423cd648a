/**
 * Whether the stored userPermission map grants a permission: true only when its value is
 * exactly the string 'Y' ('y', true, 'YES' are not). The map may come as the stored JSON
 * text or as the parsed object; unparsable text, arrays and non-objects give false, and
 * only own properties count (a permission named 'toString' is not inherited).
 */
export function hasPermission(stored: string | Readonly<Record<string, unknown>> | null | undefined, name: string): boolean {
  let map: unknown = stored;
  if (typeof stored === 'string') {
    try {
      map = JSON.parse(stored);
    } catch {
      return false;
    }
  }
  if (map === null || typeof map !== 'object' || Array.isArray(map) || typeof name !== 'string') return false;
  return Object.hasOwn(map, name) && (map as Record<string, unknown>)[name] === 'Y';
}

/** Demo project members may edit only when the page configuration sets the flag (true or 'Y'). */
export function canDemoMemberEdit(config: { demoProjectMemberEditPermission?: unknown } | null | undefined): boolean {
  return config?.demoProjectMemberEditPermission === true || config?.demoProjectMemberEditPermission === 'Y';
}
