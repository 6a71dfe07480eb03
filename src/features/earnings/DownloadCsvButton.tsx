import { DownloadButton } from '../../components/DownloadButton';
import { earningsCopy } from './copy';
import { useDownloadEarningsCsvMutation } from './earningsApi';

/** 'Download CSV': asks for every entry as CSV (the earnings listener saves the file). */
export function DownloadCsvButton() {
  const [download, { isLoading, isError, error }] = useDownloadEarningsCsvMutation();
  return (
    <DownloadButton
      label={earningsCopy.download}
      busyLabel={earningsCopy.downloading}
      failedText={earningsCopy.downloadFailed}
      busy={isLoading}
      error={isError ? error : undefined}
      onDownload={() => void download()}
    />
  );
}
