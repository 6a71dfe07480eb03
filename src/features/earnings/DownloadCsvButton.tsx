import { DownloadButton } from '../../components/DownloadButton';
import { copy } from '../../config/copy';
import { useDownloadEarningsCsvMutation } from './earningsApi';

/** 'Download CSV': asks for every entry as CSV (the earnings listener saves the file). */
export function DownloadCsvButton() {
  const [download, { isLoading, isError, error }] = useDownloadEarningsCsvMutation();
  return (
    <DownloadButton
      label={copy.earnings.download}
      busyLabel={copy.earnings.downloading}
      failedText={copy.earnings.downloadFailed}
      busy={isLoading}
      error={isError ? error : undefined}
      onDownload={() => void download()}
    />
  );
}
