import type { MessageResponse } from '@indiesplit/shared/auth';
import type { OAuthProvider, SocialConnectionsResponse } from '@indiesplit/shared/oauth';
import type {
  ChangePasswordRequest,
  Subscriptions,
  UpdateUserRequest,
  UserDto,
  UserResponse,
} from '@indiesplit/shared/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The /user/* calls (spec §7): one fetcher each, query options for the reads, hooks for screens.

export const userKeys = {
  user: ['user'] as const,
  subscriptions: ['user', 'subscriptions'] as const,
  socialConnections: ['user', 'social-connections'] as const,
};

export const fetchUser = (signal?: AbortSignal) =>
  apiRequest<UserResponse>('/user/', { signal }).then((r) => r.user);

export const userQuery = () =>
  queryOptions({ queryKey: userKeys.user, queryFn: ({ signal }) => fetchUser(signal) });

export const useUser = () => useQuery(userQuery());

export const updateUser = (body: UpdateUserRequest) =>
  apiRequest<UserResponse>('/user/update/', { json: body });

export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest<MessageResponse>('/user/change-password/', { json: body });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('profile_picture', file);
  return apiRequest<UserResponse>('/user/update-profile-picture/', { form });
}

export const deleteAccount = () => apiRequest<MessageResponse>('/user/delete/', { method: 'DELETE' });

export const deleteAllData = () =>
  apiRequest<MessageResponse>('/user/delete-all-data/', { method: 'DELETE' });

type SubscriptionsResponse = Subscriptions & { success: true };

export const fetchSubscriptions = (signal?: AbortSignal) =>
  apiRequest<SubscriptionsResponse>('/user/subscriptions/', { signal }).then(
    ({ newsletter, indie_project_updates }): Subscriptions => ({ newsletter, indie_project_updates }),
  );

export const subscriptionsQuery = () =>
  queryOptions({ queryKey: userKeys.subscriptions, queryFn: ({ signal }) => fetchSubscriptions(signal) });

export const saveSubscriptions = (body: Subscriptions) =>
  apiRequest<SubscriptionsResponse>('/user/subscriptions/', { json: body }).then(
    ({ newsletter, indie_project_updates }): Subscriptions => ({ newsletter, indie_project_updates }),
  );

// Social media connections (ADR 0007).

export const fetchSocialConnections = (signal?: AbortSignal) =>
  apiRequest<SocialConnectionsResponse>('/user/social-connections/', { signal });

export const socialConnectionsQuery = () =>
  queryOptions({
    queryKey: userKeys.socialConnections,
    queryFn: ({ signal }) => fetchSocialConnections(signal),
  });

export const useSocialConnections = () => useQuery(socialConnectionsQuery());

export const connectGoogle = (credential: string) =>
  apiRequest<SocialConnectionsResponse>('/user/social-connections/google/', { json: { credential } });

/** `reference`: what the server's Discord callback (started with purpose=link) handed the page. */
export const connectDiscord = (reference: string) =>
  apiRequest<SocialConnectionsResponse>('/user/social-connections/discord/', {
    json: { access_token: reference },
  });

export const disconnectProvider = (provider: OAuthProvider) =>
  apiRequest<SocialConnectionsResponse>(`/user/social-connections/${provider}/`, { method: 'DELETE' });

/** A social-only account's first password: no previous password to give. */
export const setFirstPassword = (body: { new_password: string; re_new_password: string }) =>
  apiRequest<MessageResponse>('/user/change-password/', { json: body });

export type { UserDto };
