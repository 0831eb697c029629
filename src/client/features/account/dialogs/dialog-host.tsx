/**
 * Mounts the top dialog of the stack, and only it. The shell renders it once
 * in the layout; anything opens a dialog by dispatching `dialogOpened`. The dialogs' code (and
 * reactstrap's Modal) is not needed to show a page, so it arrives in its own chunk.
 */
import { loadable } from '../../../lib/loadable';
import { useAppSelector } from '../../../app/hooks';
import { selectTopDialog } from '../dialogs.slice';

export const DialogStack = loadable(() =>
  import(/* webpackChunkName: "dialogs" */ './dialog-stack').then((m) => m.DialogStack),
);

export function DialogHost() {
  const top = useAppSelector(selectTopDialog);
  return top ? <DialogStack top={top} /> : null;
}
