/** The dashboard reads Nigeria's odds: summary and odds calls use country 1 (SPEC §7). */
export const DASHBOARD_COUNTRY = 1;
