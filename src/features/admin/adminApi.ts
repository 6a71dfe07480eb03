import { baseApi } from '../../api/baseApi';
import { nextCursorOf, totalCountOf } from '../../api/paging';
import type { DeleteAnswer, UpdateAnswer, User } from '../../types/entities';

/** Which user an admin action is about; the name is only for the message after it. */
export type UserRef = Pick<User, '_id' | 'name'>;

/** The orders the API offers for its user lists; without one, joining order. */
export type UserSort = 'name_asc' | 'name_desc' | 'email_asc' | 'email_desc';

/** One page of an admin user list, as the Data Grid asks for it. */
export interface UserListArgs {
  limit: number;
  /** Where the page starts; the first page has none. */
  cursor?: string;
  sort?: UserSort;
  /** Part of a name or an email. */
  q?: string;
}

export interface UserPage {
  users: User[];
  /** How many users the whole (filtered) list holds. */
  total: number;
  nextCursor: string | null;
}

const userListQuery = (path: string) => ({ limit, cursor, sort, q }: UserListArgs) => ({
  url: path,
  params: { limit, cursor, sort, q: q || undefined },
});

const toUserPage = (users: User[], meta: Parameters<typeof totalCountOf>[0]): UserPage => ({
  users,
  total: totalCountOf(meta) ?? users.length,
  nextCursor: nextCursorOf(meta),
});

const userListTags = (result: UserPage | undefined) => [
  { type: 'User' as const, id: 'LIST' },
  ...(result?.users ?? []).map((user) => ({ type: 'User' as const, id: user._id })),
];

const changedUserTags = (_result: unknown, _error: unknown, user: UserRef) => [
  { type: 'User' as const, id: user._id },
  { type: 'User' as const, id: 'LIST' },
];

const userPath = (kind: 'seller' | 'admin', id: string) => `/users/${kind}/${encodeURIComponent(id)}`;

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSellers: build.query<UserPage, UserListArgs>({
      query: userListQuery('/seller'),
      transformResponse: toUserPage,
      providesTags: userListTags,
    }),
    getBuyers: build.query<UserPage, UserListArgs>({
      query: userListQuery('/buyer'),
      transformResponse: toUserPage,
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
