import { baseApi } from '../../api/baseApi';

export const roleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getIsAdmin: build.query<{ isAdmin: boolean }, string>({
      query: (email) => `/users/admin/${encodeURIComponent(email)}`,
    }),
    getIsSeller: build.query<{ isSeller: boolean }, string>({
      query: (email) => `/users/seller/${encodeURIComponent(email)}`,
    }),
  }),
});
