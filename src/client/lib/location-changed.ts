/**
 * The router's event: the app records each route it shows. Here rather
 * than in app/ so a feature whose state follows the address (the dashboard's pick) can answer it.
 */
import { createAction } from '@reduxjs/toolkit';

export const locationChanged = createAction<{ pathname: string; search: string }>('router/locationChanged');
