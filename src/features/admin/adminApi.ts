import { baseApi } from '../../api/baseApi';
import type { DeleteAnswer, UpdateAnswer, User } from '../../types/entities';

/** Which user an admin action is about; the name is only for the message after it. */
export type UserRef = Pick<User, '_id' | 'name'>;

const userListTags = (result: User[] = []) => [
  { type: 'User' as const, id: 'LIST' },
  ...result.map((user) => ({ type: 'User' as const, id: user._id })),
];

const changedUserTags = (_result: unknown, _error: unknown, user: UserRef) => [
  { type: 'User' as const, id: user._id },
  { type: 'User' as const, id: 'LIST' },
];

const userPath = (kind: 'seller' | 'admin', id: string) => `/users/${kind}/${encodeURIComponent(id)}`;

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSellers: build.query<User[], void>({
      query: () => '/seller',
      providesTags: userListTags,
    }),
    getBuyers: build.query<User[], void>({
      query: () => '/buyer',
      providesTags: userListTags,
    }),
    /** Buyer → seller. */
    makeSeller: build.mutation<UpdateAnswer, UserRef>({
      query: ({ _id }) => ({ url: userPath('seller', _id), method: 'PUT' }),
      invalidatesTags: changedUserTags,
    }),
    /** seller → admin: the product calls a verified seller an admin. */
    verifySeller: build.mutation<UpdateAnswer, UserRef>({
      query: ({ _id }) => ({ url: userPath('admin', _id), method: 'PUT' }),
      invalidatesTags: changedUserTags,
    }),
    deleteUser: build.mutation<DeleteAnswer, UserRef>({
      query: ({ _id }) => ({ url: userPath('admin', _id), method: 'DELETE' }),
      invalidatesTags: changedUserTags,
    }),
  }),
});

export const {
  useGetSellersQuery,
  useGetBuyersQuery,
  useMakeSellerMutation,
  useVerifySellerMutation,
  useDeleteUserMutation,
} = adminApi;
