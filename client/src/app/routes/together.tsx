/**
 * Practise together (one chunk): /together (join with a code), /together/new (open a session
 * for a routine or a movement) and /together/:groupId#<joinToken> (the session). The phone
 * camera (Remote Cam) is offered to each member as to practice: the app composes the features.
 */
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { RemoteSessionPanel } from '@/features/remote-camera';
import { NewGroup, TogetherHome, TogetherSession, tokenFromHash } from '@/features/together';

export function TogetherHomeRoute() {
  return <TogetherHome />;
}

export function TogetherNewRoute() {
  const [search] = useSearchParams();
  return <NewGroup search={search} />;
}

export function TogetherSessionRoute() {
  const { groupId = '' } = useParams();
  const { hash } = useLocation();
  return <TogetherSession key={groupId} groupId={groupId} joinToken={tokenFromHash(hash)} PhoneCamera={RemoteSessionPanel} />;
}
