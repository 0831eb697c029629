/**
 * Makes `require('reactstrap')` hand the client `StaticModal` instead of `Modal` in the replay
 * process, so open dialogs are part of the rendered screen. Import before any client module.
 */
import Module from 'node:module';
import { StaticModal } from './static-modal';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };
const load = loader._load;

loader._load = function loadWithStaticModal(request, parent, isMain) {
  const exported = load.call(this, request, parent, isMain);
  return request === 'reactstrap' ? { ...(exported as object), Modal: StaticModal } : exported;
};
