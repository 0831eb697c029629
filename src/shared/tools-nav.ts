/**
 * Navigation entries of the bettor tools and the bet slip toggle (account drawer, top bar, phone
 * bottom bar). On their own so the first bundle, which holds the layout,
 * carries these labels and not the tools' strings.
 */
export const TOOLS_NAV = {
  tools: 'Tools',
  surebets: 'Sure bets',
  value: 'Value bets',
  surebetsPath: '/tools/surebets',
  valuePath: '/tools/value',
} as const;

/** The slip toggle in the bars. */
export const SLIP_NAV = {
  toggle: (count: number) => `Slip (${count})`,
} as const;

/** The route a shared slip link opens. */
export const SLIP_SHARE_PATH = '/slip';

/** Read after a dashboard price by screen readers: what tapping it does. */
export const SLIP_PICK_HINT = 'bet slip';
