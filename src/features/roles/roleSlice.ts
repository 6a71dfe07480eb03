import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionFailed, signedOut } from '../auth/authSlice';

export interface RoleState {
  isAdmin: boolean;
  isSeller: boolean;
  /** True until the roles of the signed-in user are known. */
  loading: boolean;
}

const initialState: RoleState = { isAdmin: false, isSeller: false, loading: true };

const roleSlice = createSlice({
  name: 'role',
  initialState,
  reducers: {
    rolesRequested(state) {
      state.loading = true;
    },
    rolesLoaded(_state, action: PayloadAction<{ isAdmin: boolean; isSeller: boolean }>) {
      return { ...action.payload, loading: false };
    },
  },
  extraReducers: (builder) => {
    // Nobody is signed in, or no API token could be had: no roles, nothing to wait for.
    const noRoles = () => ({ isAdmin: false, isSeller: false, loading: false });
    builder.addCase(signedOut, noRoles).addCase(sessionFailed, noRoles);
  },
  selectors: {
    selectIsAdmin: (state) => state.isAdmin,
    selectIsSeller: (state) => state.isSeller,
    selectRoleLoading: (state) => state.loading,
  },
});

export const { rolesRequested, rolesLoaded } = roleSlice.actions;
export const { selectIsAdmin, selectIsSeller, selectRoleLoading } = roleSlice.selectors;
export default roleSlice.reducer;
