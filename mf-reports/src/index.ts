// Module Federation needs an async boundary before any shared library is used.
import('./bootstrap');
