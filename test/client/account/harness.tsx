/** Renders the dialog host with a real store, plus the current path, as the layout would. */
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { DialogHost, DialogStack } from '../../../src/client/features/account/dialogs/dialog-host';
import type { OpenDialog } from '../../../src/client/features/account/dialogs.slice';
import type { RootState } from '../../../src/client/app/store';
import { renderWithProviders } from '../support/render';

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

// The dialogs' chunk, loaded as the browser does before the first dialog opens.
beforeAll(() => DialogStack.preload());

export function renderDialog(dialog: OpenDialog | null, preloaded: Partial<RootState> = {}, route = '/') {
  return renderWithProviders(
    <>
      <Where />
      <DialogHost />
    </>,
    { preloadedState: { dialogs: { stack: dialog ? [dialog] : [] }, ...preloaded }, route },
  );
}

export const path = () => screen.getByTestId('path').textContent;

export const apiError = (status: number, code: string, description = code) => ({
  status,
  body: { error: { code, description, type: 'validation' } },
});

/** Escape as browsers send it: reactstrap's Modal reads `keyCode`, which user-event leaves at 0. */
export function pressEscape(target: Element = document.activeElement ?? document.body) {
  const init = { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 };
  fireEvent.keyDown(target, init);
  fireEvent.keyUp(target, init);
}
