import { DownloadButton as FileDownloadButton } from '../../components/DownloadButton';
import { useDownloadInventoryCsvMutation } from './inventoryApi';
import { inventoryWords } from './inventoryWords';

/** A CSV the API makes, fetched with the seller's token and saved by the inventory listeners. */
export function DownloadButton({ url, name, label }: { url: string; name: string; label: string }) {
  const [download, { isLoading, isError, error }] = useDownloadInventoryCsvMutation();
  return (
    <FileDownloadButton
      label={label}
      busyLabel={inventoryWords.downloading}
      failedText={inventoryWords.downloadFailed}
      busy={isLoading}
      error={isError ? error : undefined}
      onDownload={() => void download({ url, name })}
    />
  );
}
