import { mdiLogout } from '@mdi/js';
import type { TUser } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageTitle, Section } from '@/components/ui/page';
import { useAppStore } from '@/stores/app-store';
import { AvatarSection } from './avatar-section';
import { DeleteAccount } from './delete-account';
import { EmailVerification } from './email-verification';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export type TSettingsScreenProps = {
  uid: string;
  user: TUser;
  onLogout: () => void;
  /** Signs out and comes back here after the next sign-in (for e-mail and password changes). */
  onSignInAgain: () => void;
  /** After the account was deleted (already signed out). */
  onAccountDeleted: () => void;
};

const card = 'rounded-xl bg-surface p-4 md:p-6';

export function SettingsScreen({ uid, user, onLogout, onSignInAgain, onAccountDeleted }: TSettingsScreenProps) {
  const appVersion = useAppStore((state) => state.appVersion);
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <PageTitle>Settings</PageTitle>
      <Section title="Profile">
        <div className={`${card} flex flex-col gap-6`}>
          <AvatarSection uid={uid} displayName={user.displayName} />
          <ProfileForm uid={uid} user={user} onSignInAgain={onSignInAgain} />
        </div>
      </Section>
      <Section title="E-mail verification">
        <div className={card}>
          <EmailVerification />
        </div>
      </Section>
      <Section title="Password">
        <div className={card}>
          <PasswordForm onSignInAgain={onSignInAgain} />
        </div>
      </Section>
      <Section title="Delete account">
        <div className={card}>
          <DeleteAccount onDeleted={onAccountDeleted} onSignInAgain={onSignInAgain} />
        </div>
      </Section>
      <Section title="About">
        <div className={`${card} flex flex-wrap items-center justify-between gap-4`}>
          <p className="text-sm text-muted">
            App version <span className="font-mono text-on-surface">{appVersion}</span>
          </p>
          <Button variant="secondary" onClick={onLogout}>
            <Icon path={mdiLogout} size={18} />
            Logout
          </Button>
        </div>
      </Section>
    </div>
  );
}
