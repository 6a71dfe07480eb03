import { baseApi } from '../../api/baseApi';
import type { InsertAnswer, Role } from '../../types/entities';

/** The identity calls carry the identity provider's ID token, not the API token. */
const idTokenHeader = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

export interface NewUser {
  name: string;
  email: string;
  role: Extract<Role, 'Buyer' | 'seller'>;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    issueAccessToken: build.mutation<{ accessToken: string }, { email: string; idToken: string }>({
      query: ({ email, idToken }) => ({ url: '/jwt', params: { email }, headers: idTokenHeader(idToken) }),
    }),
    saveUser: build.mutation<InsertAnswer, { user: NewUser; idToken: string }>({
      query: ({ user, idToken }) => ({ url: '/users', method: 'POST', body: user, headers: idTokenHeader(idToken) }),
      extraOptions: { maxRetries: 1 },
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});
