import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionFailed, sessionRetryRequested, signedOut } from '../auth/authSlice';

export interface RoleState {
  isAdmin: boolean;
  isSeller: boolean;
  /** True until the roles of the signed-in user are known. */
  loading: boolean;
  /**
   * Why the roles could not be checked (a plain sentence), or null. A failed check is not "no
   * role": the guards show it with Retry rather than sending a signed-in user to log in.
   */
  error: string | null;
}

const initialState: RoleState = { isAdmin: false, isSeller: false, loading: true, error: null };

const roleSlice = createSlice({
  name: 'role',
  initialState,
  reducers: {
    rolesRequested(state) {
      state.loading = true;
      state.error = null;
    },
    rolesLoaded(_state, action: PayloadAction<{ isAdmin: boolean; isSeller: boolean }>) {
      return { ...action.payload, loading: false, error: null };
    },
    rolesFailed(_state, action: PayloadAction<string>) {
      return { isAdmin: false, isSeller: false, loading: false, error: action.payload };
    },
  },
  extraReducers: (builder) => {
    // Nobody is signed in: no roles, nothing to wait for.
    builder.addCase(signedOut, () => ({ isAdmin: false, isSeller: false, loading: false, error: null }));
    // No API token could be had: the roles are unknown, which the guards say with Retry.
    builder.addCase(sessionFailed, (_state, action) => ({ isAdmin: false, isSeller: false, loading: false, error: action.payload }));
    builder.addCase(sessionRetryRequested, (state) => {
      state.loading = true;
      state.error = null;
    });
  },
  selectors: {
    selectIsAdmin: (state) => state.isAdmin,
    selectIsSeller: (state) => state.isSeller,
    selectRoleLoading: (state) => state.loading,
    selectRoleError: (state) => state.error,
  },
});

export const { rolesRequested, rolesLoaded, rolesFailed } = roleSlice.actions;
export const { selectIsAdmin, selectIsSeller, selectRoleLoading, selectRoleError } = roleSlice.selectors;
export default roleSlice.reducer;
