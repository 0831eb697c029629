import {
  dialogClosed,
  dialogOpened,
  dialogReplaced,
  dialogsCleared,
  dialogsSlice,
  selectTopDialog,
  type DialogsState,
} from '../../../src/client/features/account/dialogs.slice';

const reduce = (actions: Parameters<typeof dialogsSlice.reducer>[1][], state?: DialogsState) =>
  actions.reduce(dialogsSlice.reducer, state ?? dialogsSlice.getInitialState());
const top = (state: DialogsState) => selectTopDialog({ dialogs: state });

describe('dialogs slice', () => {
  it('pushes, replaces the top, pops and clears', () => {
    const opened = reduce([dialogOpened({ name: 'login' }), dialogOpened({ name: 'register' })]);
    expect(opened.stack).toEqual([{ name: 'login' }, { name: 'register' }]);
    const replaced = reduce([dialogReplaced({ name: 'verify', context: 'registration', email: 'a@b.ng' })], opened);
    expect(replaced.stack).toEqual([{ name: 'login' }, { name: 'verify', context: 'registration', email: 'a@b.ng' }]);
    expect(top(replaced)).toEqual({ name: 'verify', context: 'registration', email: 'a@b.ng' });
    const closed = reduce([dialogClosed()], replaced);
    expect(top(closed)).toEqual({ name: 'login' });
    expect(reduce([dialogsCleared()], closed).stack).toEqual([]);
    expect(top(reduce([dialogClosed()]))).toBeNull();
  });

  it('does not stack a twin of the top dialog (a second open-login event)', () => {
    expect(reduce([dialogOpened({ name: 'login' }), dialogOpened({ name: 'login' })]).stack).toEqual([
      { name: 'login' },
    ]);
  });

  it('replacing on an empty stack opens the dialog', () => {
    expect(reduce([dialogReplaced({ name: 'welcome' })]).stack).toEqual([{ name: 'welcome' }]);
  });
});
