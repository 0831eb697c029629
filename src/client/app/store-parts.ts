/**
 * Every part of the store the browser attaches with its chunks: the api with each feature's
 * endpoints, and the dashboard slice. A recorded log may hold requests of any of them, so a
 * replay (`npm run replay`) loads them all before feeding it.
 */
import '../lib/api';
import '../lib/favourites.api';
import '../lib/my-books';
import '../lib/pulse.api';
import '../features/account/users.api';
import '../features/alerts/alerts.api';
import '../features/dashboard/dashboard.slice';
import '../features/dashboard/odds.api';
import '../features/dashboard/sources.api';
import '../features/feedback/feedback.api';
import '../features/match/alert.api';
import '../features/match/match.api';
import '../features/profile/alert-settings.api';
import '../features/profile/profile.api';
import '../features/public/sample.api';
import '../features/tools/tools.api';
import '../features/slip/slip.api';
import '../features/slip/booking/booking.api';
