import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGetIdentity } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANA, renderInAdmin, testAuthProvider } from './testing';
import { WelcomeNotice, welcomeNoticeKey } from './WelcomeNotice';

beforeEach(() => localStorage.clear());

const BIA = { ...ANA, id: '43', fullName: 'Bia Lima' };

/** Shows who is signed in, so a test knows the identity has loaded. */
function SignedIn() {
  const { identity } = useGetIdentity();
  return <p>{identity ? `user ${identity.fullName}` : 'loading'}</p>;
}

describe('WelcomeNotice', () => {
  it('says the menu was redesigned until the user dismisses it, once per user', async () => {
    const first = renderInAdmin(
      <>
        <WelcomeNotice />
        <h1>Início</h1>
      </>,
      { auth: testAuthProvider(ANA) },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('O menu foi reformulado')).toBeInTheDocument();
    // Read with the page, not announced as an interruption on every page load.
    expect(screen.getByRole('note', { name: 'O menu foi reformulado' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByText('O menu foi reformulado')).not.toBeInTheDocument();
    // The button went with the notice: the focus is on the page's title, not its body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toHaveFocus());
    expect(localStorage.getItem(welcomeNoticeKey('42'))).not.toBeNull();
    first.unmount();

    // Ana's next visit: no notice.
    const again = renderInAdmin(
      <>
        <SignedIn />
        <WelcomeNotice />
      </>,
      { auth: testAuthProvider(ANA) },
    );
    await screen.findByText('user Ana Souza');
    expect(screen.queryByText('O menu foi reformulado')).not.toBeInTheDocument();
    again.unmount();

    // Another user of the same browser still gets it.
    renderInAdmin(<WelcomeNotice />, { auth: testAuthProvider(BIA) });
    expect(await screen.findByText('O menu foi reformulado')).toBeInTheDocument();
    expect(localStorage.getItem(welcomeNoticeKey('43'))).toBeNull();
  });

  it('is not shown before the user is known', () => {
    const auth = testAuthProvider();
    auth.getIdentity.mockImplementation(() => new Promise(() => undefined));
    renderInAdmin(<WelcomeNotice />, { auth });
    expect(screen.queryByText('O menu foi reformulado')).not.toBeInTheDocument();
  });
});
