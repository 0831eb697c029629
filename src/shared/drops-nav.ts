/**
 * The navigation entry of /drops (account drawer and phone bottom bar). On its own so
 * the first bundle, which holds the layout, carries this label and not the drops page's strings.
 */
export const DROPS_NAV_LABEL = 'Drops';
export const DROPS_PATH = '/drops';
