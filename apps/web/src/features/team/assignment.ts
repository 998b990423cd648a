import type { Dayjs } from 'dayjs';
import { needsAppScope } from './roles';

/** The form values of a role assignment (invite or edit) and what the server gets. */
export interface AssignmentValues {
  roles: string[];
  appIds?: string[];
  expiresAt?: Dayjs | null;
}

export interface AssignmentBody {
  roles: string[];
  appIds: string[];
  expiresAt: string | null;
}

/** An expiry date means "until the end of that day" in the user's zone. */
export function assignmentBody(values: AssignmentValues): AssignmentBody {
  const appIds = needsAppScope(values.roles) ? (values.appIds ?? []).map((id) => id.trim()).filter(Boolean) : [];
  return {
    roles: values.roles,
    appIds: [...new Set(appIds)],
    expiresAt: values.expiresAt ? values.expiresAt.endOf('day').toISOString() : null,
  };
}

/** The custom role's id in a role key (`custom:<uuid>`), for the role calls. */
export function customRoleId(key: string): string | null {
  return key.startsWith('custom:') ? key.slice('custom:'.length) : null;
}
