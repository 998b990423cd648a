import { authApi, teamApi } from '@wharf/contract';

/** Query keys of the accounts family; each call's key starts with its endpoint id. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, authApi.userInfo.id] as const,
  invitation: (token: string) => [...accountKeys.all, teamApi.getInvitation.id, token] as const,
};
