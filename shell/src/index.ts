// Module Federation needs an async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
