/**
 * The current route, recorded as an event so analytics, the action log and replays know where
 * the person was. The router stays the source of truth for navigation.
 */
import { createSlice } from '@reduxjs/toolkit';
import { locationChanged } from '../lib/location-changed';

interface RouterState {
  pathname: string;
  search: string;
}

const initialState: RouterState = { pathname: '/', search: '' };

export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(locationChanged, (state, action) => {
      state.pathname = action.payload.pathname;
      state.search = action.payload.search;
    });
  },
  selectors: {
    selectPathname: (state) => state.pathname,
  },
});

export { locationChanged };
export const { selectPathname } = routerSlice.selectors;
