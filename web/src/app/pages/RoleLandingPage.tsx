import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadError } from '../../components/ui/LoadError.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { useMe } from '../../features/profile/api/get-me.ts';
import { sessionRoles } from '../../lib/roles.ts';
import { homePathFor } from '../landing.ts';

/**
 * `/home`, where signing in and "home" links lead: sends the user on to where their role's
 * work is (the inbox, the review queue, My reports; decision 0287), once their roles are known.
 */
export function RoleLandingPage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isError)
    return (
      <LoadError
        title={t('shell.homeFailed')}
        error={me.error}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  if (!me.data) return <Loading />;
  return <Navigate to={homePathFor(sessionRoles(me.data))} replace />;
}
