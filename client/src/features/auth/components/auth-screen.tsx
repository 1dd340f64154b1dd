import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { PRODUCT_NAME } from '@movelab/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NewPasswordForm } from './new-password-form';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useDismissAuthError } from './use-auth-error';
import { VerifyEmailNotice } from './verify-email-notice';

const tabs = ['Sign in', 'Sign up', 'Reset password'] as const;

/**
 * Sign in, sign up and password reset; the reset link (`?mode=resetPassword&oobCode=`) opens
 * the new-password form instead, the verification link (`?mode=verifyEmail&oobCode=`) confirms the e-mail.
 */
export function AuthScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [selectedTab, setSelectedTab] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const dismissAuthError = useDismissAuthError();
  /** Another tab: an error toast of the one left is stale (on a phone it covers the new form's button). */
  const selectTab = (index: number) => {
    dismissAuthError();
    setSelectedTab(index);
  };
  const oobCode = searchParams.get('mode') === 'resetPassword' ? searchParams.get('oobCode') : null;
  const verifyCode = searchParams.get('mode') === 'verifyEmail' ? searchParams.get('oobCode') : null;

  /** Leaves a link's page for one of the tabs (sign-in by default), with what the link did. */
  const leaveLink = (message: string | null, tab = 0) => {
    const next = new URLSearchParams(searchParams);
    next.delete('mode');
    next.delete('oobCode');
    setSearchParams(next, { replace: true });
    selectTab(tab);
    setNotice(message);
  };
  const toSignIn = (message: string | null) => leaveLink(message);
  /** A void reset link: the Reset password tab, to ask for a new one. */
  const toNewResetLink = () => leaveLink(null, tabs.indexOf('Reset password'));
  const finishReset = () => toSignIn('Your password was changed. Sign in with your new password.');

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <img src="/logo.svg" alt={PRODUCT_NAME} width={200} height={44} />
        <h1 className="text-xl font-semibold">
          {verifyCode ? 'Verify your e-mail' : oobCode ? 'Reset your password' : `Welcome to ${PRODUCT_NAME}`}
        </h1>
      </div>
      <div className="rounded-2xl bg-surface p-4 shadow-lg sm:p-6">
        {verifyCode ? (
          <VerifyEmailNotice oobCode={verifyCode} onSignIn={toSignIn} />
        ) : oobCode ? (
          <NewPasswordForm oobCode={oobCode} onDone={finishReset} onNewLink={toNewResetLink} />
        ) : (
          <TabGroup selectedIndex={selectedTab} onChange={selectTab}>
            {/* Each label on one line: the tabs share the row by their labels' widths (a 390 px phone has room). */}
            <TabList className="mb-6 flex gap-1 rounded-lg bg-background p-1">
              {tabs.map((label) => (
                <Tab
                  key={label}
                  className="min-h-10 flex-auto rounded-md px-2 text-sm font-medium whitespace-nowrap text-muted data-hover:text-on-surface data-selected:bg-surface data-selected:text-primary"
                >
                  {label}
                </Tab>
              ))}
            </TabList>
            {notice ? (
              <p role="status" className="mb-4 rounded-lg bg-primary/10 p-3 text-sm">
                {notice}
              </p>
            ) : null}
            <TabPanels>
              <TabPanel>
                <SignInForm />
              </TabPanel>
              <TabPanel>
                <SignUpForm />
              </TabPanel>
              <TabPanel>
                <ResetRequestForm />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
      </div>
    </div>
  );
}
