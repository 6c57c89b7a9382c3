from django.urls import path

from . import views

app_name = "graph"

urlpatterns = [
    path("graph/", views.graph_page, name="graph"),
    path("graph.json", views.graph_json, name="graph_json"),
]
