import { useParams } from 'react-router';
import { AcknowledgedDetail } from '../components/acknowledged-detail';
import { parseDocumentId } from '../lib/document-id';

/** /circulars/:id. */
export function Component() {
  const { id } = useParams();
  return <AcknowledgedDetail key={id} library="circulars" id={parseDocumentId(id)} />;
}
