import { mdiImageOff } from '@mdi/js';
import { COVER_IMAGE_SIZE } from '@movelab/shared';
import { Icon } from '@/components/ui/icon';

/** A 75 px cover image, or a placeholder where there is none. */
export function CoverThumb({ url }: { url: string | undefined }) {
  if (!url) {
    return (
      <span className="flex size-cover shrink-0 items-center justify-center rounded-lg bg-surface-raised text-muted">
        <Icon path={mdiImageOff} />
      </span>
    );
  }
  return <img src={url} alt="" width={COVER_IMAGE_SIZE} height={COVER_IMAGE_SIZE} className="size-cover shrink-0 rounded-lg object-cover" />;
}
