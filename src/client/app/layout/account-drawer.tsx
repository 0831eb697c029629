/**
 * The account drawer: a left offcanvas with Home, Drops, Profile, Help, Feedback and Logout.
 * Logout ends the session (here at once, and on the server: `logOut`) and goes to /.
 */
import { NavLink, useNavigate } from 'react-router-dom';
import { Button } from 'reactstrap';
import { SidePanel } from '../../components/side-panel';
import { ALERTS_MSG } from '@shared/alerts-messages';
import { DROPS_NAV_LABEL, DROPS_PATH } from '@shared/drops-nav';
import { UI } from '@shared/messages';
import { TOOLS_NAV } from '@shared/tools-nav';
import { logOut } from '../../features/account/logout.thunks';
import { selectSession } from '../../lib/session';
import { useAppDispatch, useAppSelector } from '../hooks';

const LINKS = [
  { to: '/dashboard', label: UI.home },
  { to: DROPS_PATH, label: DROPS_NAV_LABEL },
  { to: '/profile', label: UI.profile },
  { to: '/alerts', label: ALERTS_MSG.alertsTitle },
  { to: '/help', label: UI.help },
  { to: '/feedback', label: UI.feedback },
] as const;

/** The bettor tools, under their own heading. */
const TOOL_LINKS = [
  { to: TOOLS_NAV.surebetsPath, label: TOOLS_NAV.surebets },
  { to: TOOLS_NAV.valuePath, label: TOOLS_NAV.value },
] as const;

interface AccountDrawerProps {
  id: string;
  isOpen: boolean;
  onClose(): void;
}

/** A column of drawer links; following one closes the drawer. */
function DrawerLinks({ links, onClose }: { links: ReadonlyArray<{ to: string; label: string }>; onClose: () => void }) {
  return (
    <ul className="nav nav-pills flex-column gap-1">
      {links.map((link) => (
        <li key={link.to} className="nav-item">
          <NavLink to={link.to} className="nav-link" onClick={onClose}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AccountDrawer({ id, isOpen, onClose }: AccountDrawerProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const username = useAppSelector(selectSession)?.user.username;

  const logout = () => {
    onClose();
    void dispatch(logOut());
    navigate('/');
  };

  return (
    <SidePanel
      id={id}
      direction="start"
      isOpen={isOpen}
      onClose={onClose}
      title={UI.account}
      bodyClassName="d-flex flex-column"
    >
      {username && <p className="text-body-secondary small mb-3">{`Signed in as ${username}`}</p>}
      <nav aria-label={UI.account}>
        <DrawerLinks links={LINKS} onClose={onClose} />
      </nav>
      <nav aria-labelledby="account-drawer-tools" className="mt-3">
        <h3 id="account-drawer-tools" className="h6 text-body-secondary px-3 mb-1">
          {TOOLS_NAV.tools}
        </h3>
        <DrawerLinks links={TOOL_LINKS} onClose={onClose} />
      </nav>
      <Button color="danger" outline className="mt-auto" onClick={logout}>
        {UI.logout}
      </Button>
    </SidePanel>
  );
}
