import { DefaultLayout } from './default-layout';
import type { TLayoutProps } from './container';
import { MovescoreHeader } from './movescore-header';

/**
 * Movescore's frame (spec §2): its header (title, 'Powered by', home and profile buttons) in the
 * app's one navigation, the rail on a wide screen and the bottom bar on a phone.
 */
export function MovescoreLayout({ meta, children }: TLayoutProps) {
  return (
    <DefaultLayout meta={meta} header={<MovescoreHeader />}>
      {children}
    </DefaultLayout>
  );
}
