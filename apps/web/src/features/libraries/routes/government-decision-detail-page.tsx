import { useParams } from 'react-router';
import { AcknowledgedDetail } from '../components/acknowledged-detail';
import { parseDocumentId } from '../lib/document-id';

/** /government-decisions/:id: the circular's detail page, for a decision. */
export function Component() {
  const { id } = useParams();
  return <AcknowledgedDetail key={id} library="government-decisions" id={parseDocumentId(id)} />;
}
