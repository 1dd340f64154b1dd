/** What a page opened from an e-mailed link (reset, verification) shows while its code is checked. */
export function LinkCheckStatus({ link }: { link: 'reset' | 'verification' }) {
  return (
    <p role="status" className="text-sm">
      {`Checking your ${link} link…`}
    </p>
  );
}
