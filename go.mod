module github.com/bezique-arena/bezique

go 1.26
